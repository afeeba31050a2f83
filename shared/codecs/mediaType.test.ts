import { describe, expect, it } from 'vitest'
import { acceptedFormat, bodyFormatOf, CONTENT_TYPES } from './mediaType'

describe('bodyFormatOf', () => {
  it.each([
    ['application/json', 'json'],
    ['text/json', 'json'],
    ['application/xml', 'xml'],
    ['text/xml', 'xml'],
    ['application/json;charset=UTF-8', 'json'],
    ['Application/JSON; charset=utf-8', 'json'],
    ['  text/XML ; charset="utf-8"', 'xml'],
    ['application/problem+json', 'json'],
    ['application/problem+xml; charset=utf-8', 'xml'],
    ['application/vnd.api+json', 'json']
  ] as const)('%s → %s', (contentType, format) => {
    expect(bodyFormatOf(contentType)).toBe(format)
  })

  it.each([
    'text/plain',
    'text/html; charset=utf-8',
    'application/x-www-form-urlencoded',
    'image/svg+xml',
    'application/jsonp',
    'application/json-patch',
    'json',
    '',
    '*/*',
    'application/*'
  ])('%j is neither JSON nor XML', (contentType) => {
    expect(bodyFormatOf(contentType)).toBeNull()
  })

  it('treats a missing header as unknown', () => {
    expect(bodyFormatOf(undefined)).toBeNull()
    expect(bodyFormatOf(null)).toBeNull()
  })

  it('recognises what we send ourselves', () => {
    expect(bodyFormatOf(CONTENT_TYPES.json)).toBe('json')
    expect(bodyFormatOf(CONTENT_TYPES.xml)).toBe('xml')
  })
})

describe('acceptedFormat', () => {
  it.each([
    [undefined, 'json'],
    [null, 'json'],
    ['', 'json'],
    ['*/*', 'json'],
    ['application/json', 'json'],
    ['application/xml', 'xml'],
    ['text/xml', 'xml'],
    ['text/json', 'json'],
    ['Application/XML', 'xml'],
    ['application/problem+xml', 'xml'],
    ['text/html', 'json'],
    ['application/xml, application/json', 'xml'],
    ['application/json, application/xml', 'json'],
    ['application/xml;q=0.5, application/json;q=0.9', 'json'],
    ['application/json;q=0.2, application/xml', 'xml'],
    ['application/xml, */*;q=0.1', 'xml'],
    ['text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8', 'xml'],
    ['*/*, application/json;q=0', 'xml'],
    ['application/*, application/xml;q=0', 'json'],
    ['application/json;q=0, application/xml;q=0', 'json'],
    ['application/xml;q=abc', 'xml'],
    ['garbage, application/xml', 'xml']
  ] as const)('%j → %s', (accept, format) => {
    expect(acceptedFormat(accept)).toBe(format)
  })
})
