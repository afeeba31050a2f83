import { describe, expect, it } from 'vitest'
import { responseFormatOf } from './acceptedFormat'

describe('responseFormatOf', () => {
  it.each([
    [undefined, 'json', 'application/json'],
    ['*/*', 'json', 'application/json'],
    ['application/json', 'json', 'application/json'],
    ['text/json', 'json', 'text/json'],
    ['application/xml', 'xml', 'application/xml'],
    ['text/xml', 'xml', 'text/xml'],
    ['text/xml, application/xml', 'xml', 'application/xml'],
    ['application/json;q=0.5, text/xml', 'xml', 'text/xml'],
    ['text/html', 'json', 'application/json']
  ])('Accept %s → %s as %s', (accept, format, mediaType) => {
    expect(responseFormatOf(accept)).toEqual({ format, mediaType })
  })
})
