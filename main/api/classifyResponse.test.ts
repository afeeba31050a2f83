import { describe, expect, it } from 'vitest'
import { classifyResponse, type HttpAnswer } from './classifyResponse'
import { classifyTransportError, errorCodeOf } from './classifyTransportError'
import { retryAfterMsFrom } from './retryAfter'

const NOW = Date.UTC(2026, 2, 2, 10, 0, 0)
const answer = (status: number, body = '', headers: HttpAnswer['headers'] = {}): HttpAnswer => ({ status, headers, body })

describe('classifyResponse', () => {
  it('treats every 2xx as success, as the live API answers an insert with 200', () => {
    for (const status of [200, 201, 204]) expect(classifyResponse(answer(status), NOW)).toBeNull()
  })

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [409, 'conflict'],
    [400, 'validation'],
    [422, 'validation'],
    [413, 'validation'],
    [408, 'unavailable'],
    [429, 'rate-limited'],
    [503, 'unavailable'],
    [500, 'server'],
    [502, 'server'],
    [504, 'server'],
    [302, 'server']
  ])('HTTP %i is %s', (status, code) => {
    expect(classifyResponse(answer(status), NOW)).toMatchObject({ code, status })
  })

  it('recognises the stale-record sentence as a conflict with 400 (live) as well as 409', () => {
    const body = JSON.stringify('Record to be updated has changed since last read.')
    expect(classifyResponse(answer(400, body, { 'content-type': 'application/json' }), NOW)).toMatchObject({
      code: 'conflict',
      message: 'Record to be updated has changed since last read.'
    })
    expect(classifyResponse(answer(409, 'record to be updated has changed since last read.\r\n'), NOW)?.code).toBe('conflict')
  })

  it('carries the field issues of a validation failure', () => {
    const body = JSON.stringify({ Message: 'Invalid.', ModelState: { 'request.EndDate': ['EndDate must be >= StartDate.'] } })
    expect(classifyResponse(answer(400, body, { 'content-type': 'application/json' }), NOW)).toEqual({
      code: 'validation',
      status: 400,
      message: 'Invalid.',
      fieldIssues: [{ field: 'EndDate', message: 'EndDate must be >= StartDate.' }]
    })
  })

  it('reads Retry-After in seconds and as an HTTP-date for 429 and 503', () => {
    expect(classifyResponse(answer(429, '', { 'retry-after': '7' }), NOW)).toMatchObject({ code: 'rate-limited', retryAfterMs: 7000 })
    const inTwoMinutes = new Date(NOW + 120_000).toUTCString()
    expect(classifyResponse(answer(503, '', { 'retry-after': inTwoMinutes }), NOW)).toMatchObject({
      code: 'unavailable',
      retryAfterMs: 120_000
    })
    expect(classifyResponse(answer(429), NOW)).not.toHaveProperty('retryAfterMs')
  })
})

describe('retryAfterMsFrom', () => {
  it('reads seconds, dates in the future or past, and ignores junk', () => {
    expect(retryAfterMsFrom('0', NOW)).toBe(0)
    expect(retryAfterMsFrom(' 120 ', NOW)).toBe(120_000)
    expect(retryAfterMsFrom(new Date(NOW - 5000).toUTCString(), NOW)).toBe(0)
    expect(retryAfterMsFrom('soon', NOW)).toBeUndefined()
    expect(retryAfterMsFrom('-5', NOW)).toBeUndefined()
    expect(retryAfterMsFrom('1.5', NOW)).toBeUndefined()
    expect(retryAfterMsFrom(undefined, NOW)).toBeUndefined()
  })
})

describe('classifyTransportError', () => {
  const withCode = (code: string) => Object.assign(new Error(code), { code })

  it('says network when the request never started to go out, whatever the error', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_CONNECT_TIMEOUT', 'ECONNRESET']) {
      const error = classifyTransportError(withCode(code), false)
      expect(error.code).toBe('network')
      expect(error.message).toMatch(/Nothing was sent/)
    }
  })

  it('says unknown-outcome once the request started to go out', () => {
    for (const code of ['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_SOCKET', 'ECONNRESET']) {
      const error = classifyTransportError(withCode(code), true)
      expect(error.code).toBe('unknown-outcome')
      expect(error.message).toMatch(/may or may not have been saved/)
    }
  })

  it('advises a plain retry, not a check, when a read got no answer', () => {
    expect(classifyTransportError(withCode('UND_ERR_HEADERS_TIMEOUT'), true, false)).toMatchObject({
      code: 'unknown-outcome',
      message: 'The request was sent, but no answer came back in time. Try again.'
    })
  })

  it('finds the code on a cause or inside an AggregateError', () => {
    expect(errorCodeOf(new Error('x', { cause: withCode('ECONNREFUSED') }))).toBe('ECONNREFUSED')
    expect(errorCodeOf(new AggregateError([withCode('EHOSTUNREACH')]))).toBe('EHOSTUNREACH')
    expect(errorCodeOf('not an error')).toBeUndefined()
  })
})
