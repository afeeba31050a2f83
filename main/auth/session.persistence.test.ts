import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { DEMO_CREDENTIALS } from '../sandbox'
import { aesGcmTestCipher } from './testSupport/aesGcmTestCipher'
import type { AuthHarness } from './testSupport/authHarness'
import { authHarnessPerTest, exists } from './testSupport/authHarnessHooks'
import { createMemoryTokenStore } from './tokenStore'

const { clerk, legacyKey } = DEMO_CREDENTIALS

let harness: AuthHarness

authHarnessPerTest((started) => (harness = started))

describe('where a signed-in session is kept', () => {
  it('the saved file holds none of the real tokens or the key in plaintext', async () => {
    const oauth = harness.session()
    await oauth.signInWithPassword(clerk.username, clerk.password)
    const saved = await harness.persisted()
    if (saved?.method !== 'oauth') throw new Error('expected a saved OAuth session')
    const bytes = await readFile(harness.storeFile)
    expect(bytes.includes(Buffer.from(saved.accessToken))).toBe(false)
    expect(bytes.includes(Buffer.from(saved.refreshToken))).toBe(false)
    expect(await oauth.current()).toMatchObject({ accessToken: saved.accessToken })

    await harness.session().signInWithLegacyKey(legacyKey.wsAccessKey, legacyKey.fileId)
    const legacyBytes = await readFile(harness.storeFile)
    expect(await harness.persisted()).toMatchObject({ method: 'legacy', fileId: 1001 })
    expect(legacyBytes.includes(Buffer.from(legacyKey.wsAccessKey))).toBe(false)
  })

  it('without encryption the session works for this run and nothing is written', async () => {
    const session = harness.session({ store: harness.fileStore({ cipher: aesGcmTestCipher({ available: () => false }) }) })
    const result = await session.signInWithPassword(clerk.username, clerk.password)
    expect(result).toMatchObject({ ok: true, value: { state: 'signed-in', persistence: 'this-run-only' } })
    expect(await harness.entitlementsStatus(await session.current())).toBe(200)
    expect(await exists(harness.storeFile)).toBe(false)
  })

  it('on Linux without a keyring writes nothing until the clerk opts in, then writes it encrypted', async () => {
    let optedIn = false
    const keyringless = aesGcmTestCipher({ key: harness.cipher.key, backend: () => 'basic_text' })
    const session = harness.session({ store: harness.fileStore({ cipher: keyringless, allowBasicText: () => optedIn }) })
    const result = await session.signInWithPassword(clerk.username, clerk.password)
    expect(result).toMatchObject({ ok: true, value: { persistence: 'needs-opt-in' } })
    expect(await exists(harness.storeFile)).toBe(false)

    optedIn = true
    expect(await session.persistAgain()).toMatchObject({ state: 'signed-in', persistence: 'encrypted' })
    const saved = await harness.persisted()
    if (saved?.method !== 'oauth') throw new Error('expected a saved OAuth session')
    expect((await readFile(harness.storeFile)).includes(Buffer.from(saved.refreshToken))).toBe(false)
  })

  it('a memory store says the session lasts this run only', async () => {
    const session = harness.session({ store: createMemoryTokenStore() })
    expect(session.status()).toMatchObject({ state: 'signed-out', persistence: 'this-run-only' })
    await session.signInWithPassword(clerk.username, clerk.password)
    expect(session.status().persistence).toBe('this-run-only')
    expect(await exists(harness.storeFile)).toBe(false)
  })
})
