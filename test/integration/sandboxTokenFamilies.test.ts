import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { stateOnDisk } from '../../main/sandbox/testSupport/onDisk'
import { handClock, startHarness, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'

/** Issue 10, sandbox auth: rotation reuse revokes the token family; sign-ins are bounded. */

let harness: SandboxHarness | null = null
let dir: string | null = null
afterEach(async () => {
  await harness?.close()
  harness = null
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = null
})

const ENTITLEMENTS = '/Payroll/Entitlements?FileId=1001'
const refresh = (h: SandboxHarness, refreshToken: string) =>
  h.call('POST', '/authorisation/refresh', { body: { grant_type: 'refresh_token', refresh_token: refreshToken } })
type Tokens = { access_token: string; refresh_token: string }

describe('refresh-token rotation: the theft scenario', () => {
  it('a stolen token used after the legitimate refresh revokes the whole family, thief and clerk alike', async () => {
    const clock = handClock()
    const h = (harness = await startHarness({ rotateRefreshTokens: true, rotationGraceSeconds: 30, now: clock.now }))
    const signedIn = await h.signIn()
    const stolen = signedIn.refresh_token

    const clerk = (await refresh(h, signedIn.refresh_token)).json<Tokens>()
    clock.advance(31_000)
    const thief = await refresh(h, stolen)
    expect(thief.status).toBe(400)
    expect(thief.json()).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/already been replaced/) })

    // The family is gone: the clerk's current refresh token and access token no longer work either.
    expect((await refresh(h, clerk.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' })
    expect((await h.call('GET', ENTITLEMENTS, { token: clerk.access_token })).status).toBe(401)
    // Another sign-in of the same user is a separate family and is untouched.
    expect((await h.call('GET', ENTITLEMENTS, { token: (await h.signIn()).access_token })).status).toBe(200)
  })

  it('a racing refresh with the replaced token inside the grace period gets the current token, minting none', async () => {
    const clock = handClock()
    const h = (harness = await startHarness({ rotateRefreshTokens: true, rotationGraceSeconds: 30, now: clock.now }))
    const signedIn = await h.signIn()
    const first = (await refresh(h, signedIn.refresh_token)).json<Tokens>()
    clock.advance(5_000)
    const racing = await refresh(h, signedIn.refresh_token)
    expect(racing.status).toBe(200)
    expect(racing.json<Tokens>().refresh_token).toBe(first.refresh_token)
    // The legitimate current token still works, long after the grace period.
    clock.advance(60_000)
    const later = await refresh(h, first.refresh_token)
    expect(later.status).toBe(200)
    expect((await h.call('GET', ENTITLEMENTS, { token: later.json<Tokens>().access_token })).status).toBe(200)
  })

  it('a token two rotations old is reuse even inside the grace period', async () => {
    const clock = handClock()
    const h = (harness = await startHarness({ rotateRefreshTokens: true, rotationGraceSeconds: 30, now: clock.now }))
    const r1 = (await h.signIn()).refresh_token
    const r2 = (await refresh(h, r1)).json<Tokens>().refresh_token
    const r3 = (await refresh(h, r2)).json<Tokens>().refresh_token
    expect((await refresh(h, r1)).status).toBe(400)
    expect((await refresh(h, r3)).status).toBe(400)
  })
})

describe('sign-ins are bounded', () => {
  it('keeps at most maxSessionsPerUser grants: the least recently used goes, the data file stays small', async () => {
    dir = mkdtempSync(join(tmpdir(), 'leave-desk-grants-'))
    const dataFile = join(dir, 'sandbox.json')
    const h = (harness = await startHarness({ dataFile, maxSessionsPerUser: 5 }))
    const first = await h.signIn()
    // The data as a restart reads it (snapshot and journal).
    const sizeAfterOne = JSON.stringify(stateOnDisk(dataFile)).length
    const later: Tokens[] = []
    for (let i = 0; i < 60; i++) later.push(await h.signIn())
    const grants = Object.keys(stateOnDisk(dataFile).tokens.grants)
    expect(grants).toHaveLength(5)
    expect(JSON.stringify(stateOnDisk(dataFile)).length).toBeLessThan(sizeAfterOne * 1.5)
    expect((await refresh(h, first.refresh_token)).json()).toMatchObject({ error: 'invalid_grant' })
    const newest = later.at(-1) as Tokens
    expect((await refresh(h, newest.refresh_token)).status).toBe(200)
  })
})
