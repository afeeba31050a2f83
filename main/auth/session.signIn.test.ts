import { readFile, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../sandbox'
import { type SessionStatus } from './session'
import type { AuthHarness } from './testSupport/authHarness'
import { authHarnessPerTest, exists } from './testSupport/authHarnessHooks'

const { clerk, solo, legacyKey } = DEMO_CREDENTIALS

let harness: AuthHarness

authHarnessPerTest((started) => (harness = started))

describe('signing in with a password', () => {
  it('opens the files named in the scope and hands out a token the API accepts', async () => {
    const session = harness.session()
    const heard: SessionStatus[] = []
    session.onChange((status) => heard.push(status))
    const signedInAt = harness.clock.now()
    expect(new Date(signedInAt).toISOString()).toBe('2026-03-02T09:00:00.000Z')

    const result = await session.signInWithPassword(clerk.username, clerk.password)

    expect(result).toEqual({
      ok: true,
      value: {
        state: 'signed-in',
        method: 'oauth',
        username: clerk.username,
        fileIds: [1001, 1002],
        accessExpiresAt: signedInAt + 10_800_000,
        refreshExpiresAt: Date.parse('2027-03-02T09:00:00Z'),
        refreshExpiresSoon: false,
        persistence: 'encrypted'
      }
    })
    expect(heard.map((s) => s.state)).toEqual(['signed-in'])
    const auth = await session.current()
    expect(auth?.kind).toBe('bearer')
    expect(await harness.entitlementsStatus(auth, 1001)).toBe(200)
    expect(await harness.entitlementsStatus(auth, 1002)).toBe(200)
  })

  it('gives a one-file user only that file', async () => {
    const session = harness.session()
    const result = await session.signInWithPassword(solo.username, solo.password)
    expect(result.ok && result.value.fileIds).toEqual([1002])
  })

  it('refuses a wrong password in plain words and stays signed out with nothing saved', async () => {
    const session = harness.session()
    const result = await session.signInWithPassword(clerk.username, 'wrong-password')
    expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized', message: 'The user name or password is not right.' } })
    expect(session.status().state).toBe('signed-out')
    expect(await session.current()).toBeNull()
    expect(await exists(harness.storeFile)).toBe(false)
  })

  it('says the service cannot be reached when it is down', async () => {
    await harness.sandbox.faults.down()
    const result = await harness.session().signInWithPassword(clerk.username, clerk.password)
    expect(result).toMatchObject({ ok: false, error: { code: 'network' } })
  })

  it('asks for both fields without calling the server', async () => {
    const result = await harness.session().signInWithPassword('  ', 'x')
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input' } })
    expect(harness.sandbox.stats.count('POST /authorisation/token')).toBe(0)
  })
})

describe('signing in with a legacy access key', () => {
  it('accepts the right key for its file and its credentials work', async () => {
    const session = harness.session()
    const result = await session.signInWithLegacyKey(legacyKey.wsAccessKey, legacyKey.fileId)
    expect(result).toMatchObject({ ok: true, value: { state: 'signed-in', method: 'legacy', fileIds: [1001] } })
    const auth = await session.current()
    expect(auth).toEqual({ kind: 'legacy', wsAccessKey: legacyKey.wsAccessKey, fileId: 1001 })
    expect(await harness.entitlementsStatus(auth, 1001)).toBe(200)
  })

  it('refuses a wrong key, and a right key for another file', async () => {
    const session = harness.session()
    const wrong = await session.signInWithLegacyKey('not-a-key', 1001)
    expect(wrong).toMatchObject({ ok: false, error: { code: 'unauthorized', message: 'The access key is not right for file 1001.' } })
    expect(JSON.stringify(wrong)).not.toContain('not-a-key')
    const otherFile = await session.signInWithLegacyKey(legacyKey.wsAccessKey, 1002)
    expect(otherFile).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect(session.status().state).toBe('signed-out')
  })

  it('never refreshes, and ends when the server refuses the key', async () => {
    const session = harness.session()
    await session.signInWithLegacyKey(legacyKey.wsAccessKey, legacyKey.fileId)
    harness.clock.advance(400 * 86_400_000)
    const auth = await session.current()
    expect(auth?.kind).toBe('legacy')
    expect(harness.sandbox.stats.count('POST /authorisation/refresh')).toBe(0)
    if (auth === null) throw new Error('expected credentials')
    expect(await session.afterUnauthorized(auth)).toBeNull()
    expect(session.status()).toMatchObject({ state: 'signed-out', endedBecause: 'refresh-refused' })
  })
})

describe('signing out and starting again', () => {
  it('sign-out forgets the secrets in memory and on disk and tells listeners', async () => {
    const session = harness.session()
    await session.signInWithPassword(clerk.username, clerk.password)
    expect(await exists(harness.storeFile)).toBe(true)
    const heard: SessionStatus[] = []
    session.onChange((status) => heard.push(status))

    const status = await session.signOut()

    expect(status).toMatchObject({ state: 'signed-out', endedBecause: 'signed-out', fileIds: [] })
    expect(heard.at(-1)).toMatchObject({ state: 'signed-out', endedBecause: 'signed-out' })
    expect(await session.current()).toBeNull()
    expect(await exists(harness.storeFile)).toBe(false)
    expect(await harness.session().restore()).toMatchObject({ state: 'signed-out' })
  })

  it('a restarted app restores the saved session without asking for the password', async () => {
    const first = harness.session()
    await first.signInWithPassword(clerk.username, clerk.password)
    first.close()

    const second = harness.session()
    const status = await second.restore()
    expect(status).toMatchObject({ state: 'signed-in', method: 'oauth', username: clerk.username, fileIds: [1001, 1002] })
    expect(await harness.entitlementsStatus(await second.current())).toBe(200)
    expect(harness.sandbox.stats.count('POST /authorisation/token')).toBe(1)
  })

  it('a corrupt session file at start-up means signed out, not a crash', async () => {
    const first = harness.session()
    await first.signInWithPassword(clerk.username, clerk.password)
    first.close()
    const bytes = await readFile(harness.storeFile)
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff
    await writeFile(harness.storeFile, bytes)

    const second = harness.session()
    expect(await second.restore()).toMatchObject({ state: 'signed-out' })
    expect(await second.current()).toBeNull()
    // A file that does not decrypt cannot be told from a keyring that is locked just now: it stays, and
    // the next sign-in replaces it (encryptedFileTokenStore.ts).
    expect(await exists(harness.storeFile)).toBe(true)
  })
})
