import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startScriptedServer } from '../api/testSupport/scriptedServer'
import { DEMO_CREDENTIALS } from '../sandbox'
import { verifyLegacyKey } from './legacyKeyCheck'
import { type AuthHarness, startAuthHarness } from './testSupport/authHarness'
import { type TokenEndpoint, tokenEndpoint } from './tokenEndpoint'

const { clerk } = DEMO_CREDENTIALS

let harness: AuthHarness
let endpoint: TokenEndpoint

beforeEach(async () => {
  harness = await startAuthHarness()
  endpoint = tokenEndpoint({ baseUrl: harness.sandbox.baseUrl, dispatcher: harness.agent, timeoutMs: 10_000, now: harness.clock.now })
})

afterEach(async () => {
  await harness.close()
})

describe('tokenEndpoint against the sandbox', () => {
  it('signs in with the password grant and gets the files in the scope', async () => {
    const answer = await endpoint.passwordGrant(clerk.username, clerk.password)
    expect(answer.ok).toBe(true)
    if (!answer.ok) return
    expect(answer.value.scope).toMatch(/FileId:1001/i)
    expect(answer.value.expires_in).toBe(10_800)
    expect(await harness.entitlementsStatus({ kind: 'bearer', accessToken: answer.value.access_token, generation: 1 })).toBe(200)
  })

  it('says in plain words that a wrong password is not right, without echoing it', async () => {
    const answer = await endpoint.passwordGrant(clerk.username, 'not-the-password')
    expect(answer).toMatchObject({ ok: false, error: { code: 'unauthorized', message: 'The user name or password is not right.' } })
    expect(JSON.stringify(answer)).not.toContain('not-the-password')
  })

  it('refreshes with the same refresh token, and the old access token stops working', async () => {
    const first = await endpoint.passwordGrant(clerk.username, clerk.password)
    if (!first.ok) throw new Error('sign-in failed')
    const second = await endpoint.refreshGrant(first.value.refresh_token)
    if (!second.ok) throw new Error('refresh failed')
    expect(second.value.refresh_token).toBe(first.value.refresh_token)
    expect(second.value.access_token).not.toBe(first.value.access_token)
    expect(await harness.entitlementsStatus({ kind: 'bearer', accessToken: first.value.access_token, generation: 1 })).toBe(401)
    expect(await harness.entitlementsStatus({ kind: 'bearer', accessToken: second.value.access_token, generation: 2 })).toBe(200)
  })

  it('classifies a revoked refresh token as refused', async () => {
    const first = await endpoint.passwordGrant(clerk.username, clerk.password)
    if (!first.ok) throw new Error('sign-in failed')
    harness.sandbox.store.revokeRefreshTokens()
    const answer = await endpoint.refreshGrant(first.value.refresh_token)
    expect(answer).toMatchObject({ ok: false, error: { code: 'unauthorized', details: { oauthError: 'invalid_grant' } } })
    if (!answer.ok) expect(answer.error.message).toMatch(/sign in again/i)
  })

  it('reports a server that is down as a network failure', async () => {
    await harness.sandbox.faults.down()
    const answer = await endpoint.passwordGrant(clerk.username, clerk.password)
    expect(answer).toMatchObject({ ok: false, error: { code: 'network' } })
  })

  it('reports 503 with Retry-After as unavailable and 500 as a server problem', async () => {
    harness.sandbox.faults.add({ kind: 'status', status: 503, retryAfter: '7', route: 'POST /authorisation/token', times: 1 })
    harness.sandbox.faults.add({ kind: 'status', status: 500, route: 'POST /authorisation/refresh', times: 1 })
    expect(await endpoint.passwordGrant(clerk.username, clerk.password)).toMatchObject({
      ok: false,
      error: { code: 'unavailable', status: 503, retryAfterMs: 7_000 }
    })
    expect(await endpoint.refreshGrant('anything')).toMatchObject({ ok: false, error: { code: 'server', status: 500 } })
  })

  it('reads "Retry-After: 5.5" as every API call does: not a date meaning "now", so no 0 ms wait', async () => {
    harness.sandbox.faults.add({ kind: 'status', status: 429, retryAfter: '5.5', route: 'POST /authorisation/token', times: 1 })
    harness.sandbox.faults.add({ kind: 'status', status: 503, retryAfter: '5.5', route: 'GET /Payroll/Entitlements', times: 1 })
    // Whole seconds or an HTTP-date only (RFC 9110): "5.5" is unreadable, so the caller's own backoff
    // applies. Read as a date it became a moment in 2001, i.e. "retry at once" (0 ms).
    const grant = await endpoint.passwordGrant(clerk.username, clerk.password)
    expect(grant).toMatchObject({ ok: false, error: { code: 'rate-limited', status: 429 } })
    if (!grant.ok) expect(grant.error.retryAfterMs).toBeUndefined()
    const deps = { baseUrl: harness.sandbox.baseUrl, dispatcher: harness.agent, now: harness.clock.now }
    const { legacyKey } = DEMO_CREDENTIALS
    const checked = await verifyLegacyKey(deps, legacyKey.wsAccessKey, legacyKey.fileId)
    expect(checked).toMatchObject({ ok: false, error: { code: 'unavailable', status: 503 } })
    if (!checked.ok) expect(checked.error.retryAfterMs).toBeUndefined()
    expect(await verifyLegacyKey(deps, legacyKey.wsAccessKey, legacyKey.fileId)).toEqual({ ok: true, value: true })
  })
})

describe('token endpoint and legacy-key check: 408 means the server did not act, so trying again is safe', () => {
  it('classifies 408 as unavailable (retried later), never as a payroll error', async () => {
    const server = await startScriptedServer(() => ({ status: 408, body: '', headers: { 'retry-after': '2' } }))
    try {
      const at408 = tokenEndpoint({ baseUrl: server.baseUrl, dispatcher: harness.agent, now: harness.clock.now })
      expect(await at408.passwordGrant(clerk.username, clerk.password)).toMatchObject({
        ok: false,
        error: { code: 'unavailable', status: 408 }
      })
      expect(await at408.refreshGrant('anything')).toMatchObject({ ok: false, error: { code: 'unavailable', status: 408 } })
      const checked = await verifyLegacyKey({ baseUrl: server.baseUrl, dispatcher: harness.agent }, 'key', 1001)
      expect(checked).toMatchObject({ ok: false, error: { code: 'unavailable', status: 408 } })
      expect(server.requests.map((r) => `${r.method} ${r.url.pathname}`)).toEqual([
        'POST /authorisation/token',
        'POST /authorisation/refresh',
        'GET /Payroll/Entitlements'
      ])
    } finally {
      await server.close()
    }
  })
})
