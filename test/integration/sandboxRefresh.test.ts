import { afterEach, describe, expect, it } from 'vitest'
import { handClock, startHarness, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'

/** `POST /authorisation/refresh` as the live API does it, and with the rotation option. */

let harness: SandboxHarness | null = null
afterEach(async () => {
  await harness?.close()
  harness = null
})

const ENTITLEMENTS = '/Payroll/Entitlements?FileId=1001'

async function refresh(h: SandboxHarness, refreshToken: string) {
  return h.call('POST', '/authorisation/refresh', { body: { grant_type: 'refresh_token', refresh_token: refreshToken } })
}

describe('refresh without rotation (live behaviour)', () => {
  it('returns the same refresh token and a new access token, and revokes the old access token at once', async () => {
    harness = await startHarness()
    const first = await harness.signIn()
    const answer = await refresh(harness, first.refresh_token)
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toBe('application/json;charset=UTF-8')
    expect(answer.headers['cache-control']).toBe('no-store')
    const second = answer.json()
    expect(second.refresh_token).toBe(first.refresh_token)
    expect(second.access_token).not.toBe(first.access_token)
    expect(second).toMatchObject({ token_type: 'Bearer', expires_in: 10800, scope: 'FileId:1001 FileId:1002' })
    expect((await harness.call('GET', ENTITLEMENTS, { token: first.access_token })).status).toBe(401)
    expect((await harness.call('GET', ENTITLEMENTS, { token: second.access_token as string })).status).toBe(200)
  })

  it('works again and again with the same refresh token', async () => {
    harness = await startHarness()
    const { refresh_token } = await harness.signIn()
    for (let i = 0; i < 3; i++) expect((await refresh(harness, refresh_token)).status).toBe(200)
    expect(harness.sandbox.stats.count('POST /authorisation/refresh')).toBe(3)
  })

  it('leaves another sign-in of the same user alone', async () => {
    harness = await startHarness()
    const laptop = await harness.signIn()
    const desktop = await harness.signIn()
    await refresh(harness, laptop.refresh_token)
    expect((await harness.call('GET', ENTITLEMENTS, { token: desktop.access_token })).status).toBe(200)
  })

  it('refuses an unknown, a revoked and an expired refresh token with invalid_grant', async () => {
    const clock = handClock()
    harness = await startHarness({ refreshTokenTtlSeconds: 100, now: clock.now })
    expect((await refresh(harness, 'made-up')).json()).toMatchObject({ error: 'invalid_grant' })

    const expiring = await harness.signIn()
    clock.advance(99_999)
    expect((await refresh(harness, expiring.refresh_token)).status).toBe(200)
    clock.advance(1)
    const expired = await refresh(harness, expiring.refresh_token)
    expect(expired.status).toBe(400)
    expect(expired.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/expired/) })

    const revoked = await harness.signIn()
    harness.sandbox.store.revokeRefreshTokens()
    expect((await refresh(harness, revoked.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' })
    // The access token lives on until its own expiry: only refresh is revoked.
    expect((await harness.call('GET', ENTITLEMENTS, { token: revoked.access_token })).status).toBe(200)
  })

  it('keeps the refresh token valid for 12 months by default', async () => {
    const clock = handClock()
    harness = await startHarness({ now: clock.now })
    const { refresh_token } = await harness.signIn()
    clock.advance(364 * 86_400_000)
    expect((await refresh(harness, refresh_token)).status).toBe(200)
    clock.advance(86_400_000)
    expect((await refresh(harness, refresh_token)).status).toBe(400)
  })

  it.each([
    [{ grant_type: 'password', refresh_token: 'x' }, 'unsupported_grant_type'],
    [{ refresh_token: 'x' }, 'invalid_request'],
    [{ grant_type: 'refresh_token' }, 'invalid_request'],
    [{ grant_type: 'refresh_token', refresh_token: 42 }, 'invalid_request']
  ])('refuses %j with %s', async (body, error) => {
    harness = await startHarness()
    const answer = await harness.call('POST', '/authorisation/refresh', { body })
    expect(answer.status).toBe(400)
    expect(answer.json()).toMatchObject({ error })
  })
})

describe('refresh with rotation', () => {
  it('issues a new refresh token and accepts the old one only during the grace period', async () => {
    const clock = handClock()
    harness = await startHarness({ rotateRefreshTokens: true, rotationGraceSeconds: 30, now: clock.now })
    const first = await harness.signIn()
    const rotated = (await refresh(harness, first.refresh_token)).json()
    expect(rotated.refresh_token).not.toBe(first.refresh_token)

    clock.advance(29_000)
    // A second tab that still holds the old token refreshes inside the grace period: still fine.
    expect((await refresh(harness, first.refresh_token)).status).toBe(200)
    clock.advance(1_000)
    expect((await refresh(harness, first.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' })
  })

  it('keeps the newest refresh token working after the grace period', async () => {
    const clock = handClock()
    harness = await startHarness({ rotateRefreshTokens: true, rotationGraceSeconds: 5, now: clock.now })
    const first = await harness.signIn()
    const second = (await refresh(harness, first.refresh_token)).json()
    clock.advance(60_000)
    const third = await refresh(harness, second.refresh_token as string)
    expect(third.status).toBe(200)
    expect((await harness.call('GET', ENTITLEMENTS, { token: third.json().access_token as string })).status).toBe(200)
  })
})
