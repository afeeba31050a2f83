import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../sandbox'
import { type RequestAuth } from './requestAuth'
import { type Session, type SessionStatus } from './session'
import { type AuthHarness, type startAuthHarness } from './testSupport/authHarness'
import { authHarnessClosedAfterEach } from './testSupport/authHarnessHooks'

const { clerk } = DEMO_CREDENTIALS
const REFRESH_ROUTE = 'POST /authorisation/refresh'

const startHarness = authHarnessClosedAfterEach()

async function signedIn(options: Parameters<typeof startAuthHarness>[0] = {}) {
  const harness = await startHarness(options)
  const session = harness.session()
  const result = await session.signInWithPassword(clerk.username, clerk.password)
  if (!result.ok) throw new Error(`sign-in failed: ${result.error.code}`)
  const first = await session.current()
  if (first?.kind !== 'bearer') throw new Error('expected a bearer token')
  return { h: harness, session, first }
}

function bearer(auth: RequestAuth | null) {
  if (auth?.kind !== 'bearer') throw new Error('expected a bearer token')
  return auth
}

/** What an API client does: one request, and on 401 one retry with what the session offers. */
async function callAsClient(h: AuthHarness, session: Session, auth: RequestAuth) {
  const status = await h.entitlementsStatus(auth)
  if (status !== 401) return status
  return h.entitlementsStatus(await session.afterUnauthorized(auth))
}

describe('refreshing the access token', () => {
  it('refreshes a 2-second token ahead of expiry, before the old one stops working', async () => {
    const { h, session, first } = await signedIn({ tokenTtlSeconds: 2 })
    const heard: SessionStatus[] = []
    session.onChange((status) => heard.push(status))

    h.clock.advance(1_799)
    expect(await session.current()).toEqual(first)
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(0)
    h.clock.advance(1)
    const second = bearer(await session.current())

    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(1)
    expect(second.accessToken).not.toBe(first.accessToken)
    expect(second.generation).toBeGreaterThan(first.generation)
    expect(heard.at(-1)).toMatchObject({ state: 'signed-in', accessExpiresAt: h.clock.now() + 2_000 })
    expect(await h.entitlementsStatus(second)).toBe(200)

    h.clock.advance(1_800)
    expect(bearer(await session.current()).accessToken).not.toBe(second.accessToken)
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(2)
  })

  it('50 concurrent callers holding an expired token share exactly one refresh', async () => {
    const { h, session, first } = await signedIn()
    // Asleep past expiry: the refresh timer has not run yet, so the callers find the token expired.
    h.clock.skip(10_800_000 + 1_000)
    expect(await h.entitlementsStatus(first)).toBe(401)

    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? session.current() : session.afterUnauthorized(first)))
    )

    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(1)
    const tokens = new Set(answers.map((auth) => bearer(auth).accessToken))
    expect(tokens.size).toBe(1)
    expect(tokens.has(first.accessToken)).toBe(false)
    expect(await h.entitlementsStatus(answers[0] ?? null)).toBe(200)
  })

  it('50 callers whose token the server expired early share one refresh', async () => {
    const { h, session, first } = await signedIn()
    h.sandbox.store.expireAccessTokens()
    const answers = await Promise.all(Array.from({ length: 50 }, () => session.afterUnauthorized(first)))
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(1)
    expect(new Set(answers.map((auth) => bearer(auth).accessToken)).size).toBe(1)
    expect(await h.entitlementsStatus(answers[0] ?? null)).toBe(200)
  })

  it('requests that set out with the old token succeed on retry without a second refresh', async () => {
    const { h, session, first } = await signedIn({ tokenTtlSeconds: 2 })
    h.clock.advance(1_800)
    await session.current()
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(1)
    h.sandbox.stats.reset()

    // Ten requests were already on their way with the token the refresh just revoked.
    const statuses = await Promise.all(Array.from({ length: 10 }, () => callAsClient(h, session, first)))

    expect(statuses).toEqual(Array(10).fill(200))
    expect(h.sandbox.stats.statusCount(401)).toBe(10)
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(0)
  })

  it('keeps using the still-valid token when a proactive refresh cannot reach the server', async () => {
    const { h, session, first } = await signedIn({ tokenTtlSeconds: 2 })
    await h.sandbox.faults.down()
    h.clock.advance(1_800)
    expect(await session.current()).toEqual(first)

    await h.sandbox.faults.up()
    expect(session.status()).toMatchObject({ state: 'signed-in' })
    expect(await h.entitlementsStatus(await session.current())).toBe(200)
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(0)

    // The retry comes on its own once the server is back.
    h.clock.advance(1_000)
    const renewed = bearer(await session.current())
    expect(renewed.accessToken).not.toBe(first.accessToken)
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(1)
    expect(await h.entitlementsStatus(renewed)).toBe(200)
  })
})

describe('the end of a session', () => {
  it('a revoked refresh token ends the session cleanly and says why', async () => {
    const { h, session, first } = await signedIn()
    const heard: SessionStatus[] = []
    session.onChange((status) => heard.push(status))
    h.sandbox.store.revokeRefreshTokens()
    h.sandbox.store.expireAccessTokens()

    expect(await callAsClient(h, session, first)).toBe(0)

    expect(session.status()).toMatchObject({ state: 'signed-out', endedBecause: 'refresh-refused', fileIds: [] })
    expect(heard).toEqual([expect.objectContaining({ state: 'signed-out', endedBecause: 'refresh-refused' })])
    expect(await session.current()).toBeNull()
    expect(await h.persisted()).toBeNull()
  })

  it('an expired refresh token ends the session the same way', async () => {
    const { h, session } = await signedIn({ tokenTtlSeconds: 2, refreshTokenTtlSeconds: 5 })
    const heard: SessionStatus[] = []
    session.onChange((status) => heard.push(status))
    h.clock.skip(6_000)

    expect(await session.current()).toBeNull()

    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(1)
    expect(heard.at(-1)).toMatchObject({ state: 'signed-out', endedBecause: 'refresh-refused' })
    expect(await h.persisted()).toBeNull()
  })

  it('signing out while a refresh is in flight stays signed out, with nothing left on disk', async () => {
    const { h, session, first } = await signedIn()
    h.sandbox.store.expireAccessTokens()
    const recovering = session.afterUnauthorized(first)
    await session.signOut()

    expect(await recovering).toBeNull()
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(1)
    expect(session.status()).toMatchObject({ state: 'signed-out', endedBecause: 'signed-out' })
    expect(await session.current()).toBeNull()
    expect(await h.persisted()).toBeNull()
  })

  it('warns when the refresh token is within 14 days of its 12 months', async () => {
    const { h, session } = await signedIn()
    h.clock.skip(350 * 86_400_000)
    expect(session.status().refreshExpiresSoon).toBe(false)
    h.clock.skip(3 * 86_400_000)
    expect(session.status().refreshExpiresSoon).toBe(true)
  })
})
