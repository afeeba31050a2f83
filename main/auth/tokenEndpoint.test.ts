import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../sandbox'
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
})
