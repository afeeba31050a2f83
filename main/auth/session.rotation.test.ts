import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../sandbox'
import { type StoredSession } from './storedSession'
import { type AuthHarness } from './testSupport/authHarness'
import { authHarnessClosedAfterEach } from './testSupport/authHarnessHooks'
import { type TokenStore } from './tokenStore'

const { clerk } = DEMO_CREDENTIALS
const REFRESH_ROUTE = 'POST /authorisation/refresh'

const startHarness = authHarnessClosedAfterEach()

async function savedRefreshToken(h: AuthHarness) {
  const saved = await h.persisted()
  if (saved?.method !== 'oauth') throw new Error('expected a saved OAuth session')
  return saved
}

describe('a server that rotates refresh tokens', () => {
  it('two refreshes in a row both succeed and the file always holds the newest refresh token', async () => {
    const h = await startHarness({ rotateRefreshTokens: true, rotationGraceSeconds: 30 })
    const session = h.session()
    await session.signInWithPassword(clerk.username, clerk.password)
    const atSignIn = await savedRefreshToken(h)

    h.clock.skip(60_000)
    const afterFirst = await session.afterUnauthorized((await session.current()) ?? fail())
    const firstSaved = await savedRefreshToken(h)
    h.clock.skip(60_000)
    const afterSecond = await session.afterUnauthorized(afterFirst ?? fail())
    const secondSaved = await savedRefreshToken(h)

    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(2)
    expect(await h.entitlementsStatus(afterSecond)).toBe(200)
    expect(new Set([atSignIn.refreshToken, firstSaved.refreshToken, secondSaved.refreshToken]).size).toBe(3)
    // A rotated refresh token starts a new 12 months.
    expect(session.status().refreshExpiresAt).toBe(Date.parse('2027-03-02T09:02:00Z'))

    // Long after the old tokens' grace period, a restarted app still refreshes with what the file holds.
    h.clock.skip(10_800_000)
    session.close()
    const restarted = h.session()
    await restarted.restore()
    const renewed = await restarted.current()
    expect(await h.entitlementsStatus(renewed)).toBe(200)
    expect(restarted.status()).toMatchObject({ state: 'signed-in' })
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(3)
  })
})

describe('persisting before use', () => {
  it('does not hand out refreshed tokens until they are saved', async () => {
    const h = await startHarness({ rotateRefreshTokens: true })
    const inner = h.fileStore()
    let saves = 0
    let release: () => void = () => undefined
    let saveStarted: () => void = () => undefined
    const saveSeen = new Promise<void>((resolve) => (saveStarted = resolve))
    const gatedStore: TokenStore = {
      ...inner,
      async save(session: StoredSession) {
        saves += 1
        if (saves === 2) {
          saveStarted()
          await new Promise<void>((resolve) => (release = resolve))
        }
        await inner.save(session)
      }
    }
    const session = h.session({ store: gatedStore })
    await session.signInWithPassword(clerk.username, clerk.password)
    const first = (await session.current()) ?? fail()
    const firstExpiresAt = session.status().accessExpiresAt
    h.clock.skip(60_000)

    let handedOut = false
    const recovering = session.afterUnauthorized(first).then((auth) => {
      handedOut = true
      return auth
    })
    await saveSeen
    // The server has answered and the save is under way: nobody may use the new token yet.
    const meanwhile = session.current()
    expect(handedOut).toBe(false)
    expect(session.status().accessExpiresAt).toBe(firstExpiresAt)
    release()

    const [renewed, alsoRenewed] = await Promise.all([recovering, meanwhile])
    expect(renewed).toEqual(alsoRenewed)
    expect(session.status().accessExpiresAt).toBe(h.clock.now() + 10_800_000)
    const saved = await h.persisted()
    expect(saved).toMatchObject({ accessToken: renewed?.kind === 'bearer' ? renewed.accessToken : 'none' })
    expect(h.sandbox.stats.count(REFRESH_ROUTE)).toBe(1)
  })
})

function fail(): never {
  throw new Error('expected credentials')
}
