import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../../main/sandbox/demoData'
import { handClock, startHarness, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'

/** Sign-in, refresh and every way an API request can be refused (spec §4.2, §4.3, §5). */

let harness: SandboxHarness | null = null
afterEach(async () => {
  await harness?.close()
  harness = null
})

const ENTITLEMENTS_1001 = '/Payroll/Entitlements?FileId=1001'
const clerk = DEMO_CREDENTIALS.clerk

describe('POST /authorisation/token', () => {
  it('answers the spec §2.5 token response with no-store headers', async () => {
    harness = await startHarness()
    const answer = await harness.call('POST', '/authorisation/token?unused=1', {
      body: { grant_type: 'password', ...clerk, scope: 'full', verification_code: '123456' }
    })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json;charset=UTF-8')
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.headers.pragma).toBe('no-cache')
    const body = answer.json()
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 10800, scope: 'FileId:1001 FileId:1002' })
    expect(body.access_token).toEqual(expect.any(String))
    expect(body.refresh_token).toEqual(expect.any(String))
    expect(body.access_token).not.toBe(body.refresh_token)
  })

  it('gives the solo user only file 1002', async () => {
    harness = await startHarness()
    const tokens = await harness.signIn(DEMO_CREDENTIALS.solo)
    expect(tokens.scope).toBe('FileId:1002')
    expect((await harness.call('GET', '/Payroll/Entitlements?FileId=1002', { token: tokens.access_token })).status).toBe(200)
    expect((await harness.call('GET', ENTITLEMENTS_1001, { token: tokens.access_token })).status).toBe(403)
  })

  it('uses the configured access-token lifetime', async () => {
    harness = await startHarness({ tokenTtlSeconds: 30 })
    expect((await harness.signIn()).expires_in).toBe(30)
  })

  it.each([
    [{ grant_type: 'password', username: clerk.username, password: 'wrong' }, 'invalid_grant'],
    [{ grant_type: 'password', username: 'nobody@demo.test', password: clerk.password }, 'invalid_grant'],
    [{ grant_type: 'client_credentials', ...clerk }, 'unsupported_grant_type'],
    [{ grant_type: 'refresh_token', refresh_token: 'x' }, 'unsupported_grant_type'],
    [{ username: clerk.username, password: clerk.password }, 'invalid_request'],
    [{ grant_type: 'password', password: clerk.password }, 'invalid_request'],
    [{ grant_type: 'password', username: clerk.username }, 'invalid_request'],
    [['not', 'an', 'object'], 'invalid_request']
  ])('refuses %j with 400 %s', async (body, error) => {
    harness = await startHarness()
    const answer = await harness.call('POST', '/authorisation/token', { body })
    expect(answer.status).toBe(400)
    expect(answer.headers['cache-control']).toBe('no-store')
    expect(answer.json()).toEqual({ error, error_description: expect.any(String) })
  })

  it('names the missing field', async () => {
    harness = await startHarness()
    const answer = await harness.call('POST', '/authorisation/token', { body: { grant_type: 'password', username: clerk.username } })
    expect(answer.json().error_description).toContain('password')
  })

  it('refuses a malformed body with an OAuth error, not a problem document', async () => {
    harness = await startHarness()
    const answer = await harness.call('POST', '/authorisation/token', { raw: '{"grant_type":' })
    expect(answer.status).toBe(400)
    expect(answer.json()).toMatchObject({ error: 'invalid_request' })
  })

  it('never echoes the password in an error', async () => {
    harness = await startHarness()
    const answer = await harness.call('POST', '/authorisation/token', {
      body: { grant_type: 'password', username: clerk.username, password: 'S3cret-guess' }
    })
    expect(answer.text).not.toContain('S3cret-guess')
  })
})

describe('Bearer access', () => {
  it('refuses a request without credentials with 401 and a Bearer challenge', async () => {
    harness = await startHarness()
    const answer = await harness.call('GET', ENTITLEMENTS_1001)
    expect(answer.status).toBe(401)
    expect(answer.headers['www-authenticate']).toMatch(/^Bearer/)
    expect(answer.headers['content-type']).toContain('application/problem+json')
  })

  it.each(['Bearer not-a-token', 'Basic Y2xlcms6cGFzcw==', 'Bearer'])('refuses "%s" with invalid_token', async (authorization) => {
    harness = await startHarness()
    const answer = await harness.call('GET', ENTITLEMENTS_1001, { headers: { authorization } })
    expect(answer.status).toBe(401)
    expect(answer.headers['www-authenticate']).toContain('error="invalid_token"')
  })

  it('accepts a token until its lifetime ends, then answers 401', async () => {
    const clock = handClock()
    harness = await startHarness({ tokenTtlSeconds: 30, now: clock.now })
    const { access_token } = await harness.signIn()
    clock.advance(29_999)
    expect((await harness.call('GET', ENTITLEMENTS_1001, { token: access_token })).status).toBe(200)
    clock.advance(1)
    const expired = await harness.call('GET', ENTITLEMENTS_1001, { token: access_token })
    expect(expired.status).toBe(401)
    expect(expired.headers['www-authenticate']).toContain('error="invalid_token"')
    expect(expired.json().detail).toMatch(/expired/)
  })

  it('stops every access token when the test expires them', async () => {
    harness = await startHarness()
    const { access_token } = await harness.signIn()
    harness.sandbox.store.expireAccessTokens()
    expect((await harness.call('GET', ENTITLEMENTS_1001, { token: access_token })).status).toBe(401)
  })

  it('refuses a file outside the token scope with 403', async () => {
    harness = await startHarness()
    const { access_token } = await harness.signIn()
    const answer = await harness.call('GET', '/Payroll/Entitlements?FileId=4242', { token: access_token })
    expect(answer.status).toBe(403)
    expect(answer.json().detail).toContain('4242')
  })

  it.each([
    ['/Payroll/Entitlements', 'required'],
    ['/Payroll/Entitlements?FileId=abc', 'whole number'],
    ['/Payroll/Entitlements?FileId=0', 'whole number'],
    ['/Payroll/Entitlements?FileId=-3', 'whole number'],
    ['/Payroll/Entitlements?FileId=1001.5', 'whole number']
  ])('refuses %s with 400 naming FileId', async (path, words) => {
    harness = await startHarness()
    const { access_token } = await harness.signIn()
    const answer = await harness.call('GET', path, { token: access_token })
    expect(answer.status).toBe(400)
    expect(answer.json().errors).toEqual([{ field: 'FileId', message: expect.stringContaining(words) }])
  })

  it('reads paths and query-parameter names case-insensitively', async () => {
    harness = await startHarness()
    const { access_token } = await harness.signIn()
    for (const path of ['/payroll/entitlements?fileid=1001', '/PAYROLL/Entitlements?FILEID=1001', '/Payroll/Entitlements/?FileId=1001']) {
      expect((await harness.call('GET', path, { token: access_token })).status, path).toBe(200)
    }
  })
})

describe('legacy wsAccessKey', () => {
  it('works for its own file with either spelling of the parameter names', async () => {
    harness = await startHarness()
    for (const query of ['wsAccessKey=demo-ws-key-1001&FileId=1001', 'wsaccesskey=demo-ws-key-1001&fileid=1001']) {
      expect((await harness.call('GET', `/Contacts?${query}`)).status, query).toBe(200)
    }
  })

  it('refuses a wrong key with 401 and the right key for another file with 403', async () => {
    harness = await startHarness()
    expect((await harness.call('GET', '/Contacts?wsAccessKey=wrong-key&FileId=1001')).status).toBe(401)
    expect((await harness.call('GET', '/Contacts?wsAccessKey=demo-ws-key-1001&FileId=1002')).status).toBe(403)
  })

  it('still needs a FileId', async () => {
    harness = await startHarness()
    const answer = await harness.call('GET', '/Contacts?wsAccessKey=demo-ws-key-1001')
    expect(answer.status).toBe(400)
    expect(answer.problem().errors?.[0]?.field).toBe('FileId')
  })
})
