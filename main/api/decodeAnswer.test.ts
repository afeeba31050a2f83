import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ANSWER_DOCUMENTS, decodeAnswer } from './decodeAnswer'
import type { HttpAnswer } from './classifyResponse'

const answer = (contentType: string | undefined, body: string): HttpAnswer => ({
  status: 200,
  headers: contentType === undefined ? {} : { 'content-type': contentType },
  body
})

const XML_RESULT = '<InsertUpdateResult><InsertedEntityId>5001</InsertedEntityId><LastModifiedDateUtc>2026-03-01T02:03:04.567</LastModifiedDateUtc></InsertUpdateResult>'

describe('decodeAnswer', () => {
  it('reads each answer in the format it declares, even when the declared format changes from one answer to the next', () => {
    const read = (contentType: string | undefined, body: string) => decodeAnswer(ANSWER_DOCUMENTS.insertResult, answer(contentType, body), 'unknown-outcome')
    expect(read('application/json; charset=utf-8', '{"InsertedEntityId":7}')).toMatchObject({ ok: true, value: { Id: 7 } })
    expect(read('application/xml; charset=utf-8', XML_RESULT)).toMatchObject({ ok: true, value: { Id: 5001 } })
    expect(read('application/json; charset=utf-8', '{"InsertedEntityId":8}')).toMatchObject({ ok: true, value: { Id: 8 } })
    // Declared JSON but XML inside: read as declared, so it cannot be read, and the write is reported as uncertain.
    expect(read('application/json', XML_RESULT)).toMatchObject({ ok: false, error: { code: 'unknown-outcome' } })
    expect(read(undefined, XML_RESULT)).toMatchObject({ ok: true, value: { Id: 5001 } })
  })

  it('drops nulls and keeps a "__proto__" key an ordinary property, never the prototype', () => {
    const body = '{"InsertedEntityId":9,"LastModifiedDateUtc":null,"__proto__":{"polluted":true},"extra":{"__proto__":{"deep":1},"gone":null}}'
    // A schema that keeps everything, so the cleaned value itself is seen.
    const read = decodeAnswer({ fromXml: ANSWER_DOCUMENTS.insertResult.fromXml, schema: z.unknown() }, answer('application/json', body), 'server')
    if (!read.ok) throw new Error(read.error.message)
    const value = read.value as Record<string, unknown>
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
    expect(Object.keys(value)).toEqual(['InsertedEntityId', '__proto__', 'extra'])
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({ polluted: true })
    expect(value.polluted).toBeUndefined()
    const extra = value.extra as Record<string, unknown>
    expect(Object.keys(extra)).toEqual(['__proto__'])
    expect(Object.getPrototypeOf(extra)).toBe(Object.prototype)
  })
})
