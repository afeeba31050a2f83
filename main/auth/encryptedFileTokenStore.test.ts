import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEncryptedFileTokenStore } from './encryptedFileTokenStore'
import { type OAuthSession } from './storedSession'
import { aesGcmTestCipher } from './testSupport/aesGcmTestCipher'
import { createMemoryTokenStore } from './tokenStore'

const session: OAuthSession = {
  method: 'oauth',
  username: 'clerk@demo.test',
  fileIds: [1001, 1002],
  accessToken: 'access-SECRET-5b1e0c7d9a',
  accessIssuedAt: 1_772_442_000_000,
  accessExpiresAt: 1_772_452_800_000,
  refreshToken: 'refresh-SECRET-8f3a2e61c4',
  refreshIssuedAt: 1_772_442_000_000
}

let dir: string
let filePath: string

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'leave-desk-auth-'))
  filePath = join(dir, 'profile', 'session.bin')
})

afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function fileExists(path: string) {
  return stat(path).then(
    () => true,
    () => false
  )
}

describe('createEncryptedFileTokenStore', () => {
  it('keeps the session across store instances without any token in plaintext, owner-only', async () => {
    const cipher = aesGcmTestCipher()
    await createEncryptedFileTokenStore({ filePath, cipher, allowBasicText: () => false }).save(session)

    const bytes = await readFile(filePath)
    for (const secret of [session.accessToken, session.refreshToken, 'SECRET', 'clerk@demo.test']) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false)
    }
    if (process.platform !== 'win32') expect((await stat(filePath)).mode & 0o777).toBe(0o600)
    expect(await readdir(join(dir, 'profile'))).toEqual(['session.bin'])

    const reopened = createEncryptedFileTokenStore({ filePath, cipher, allowBasicText: () => false })
    expect(reopened.persistence()).toBe('encrypted')
    expect(await reopened.load()).toEqual(session)
  })

  it('writes nothing when encryption is unavailable and says the session lasts this run only', async () => {
    const store = createEncryptedFileTokenStore({
      filePath,
      cipher: aesGcmTestCipher({ available: () => false }),
      allowBasicText: () => true
    })
    expect(store.persistence()).toBe('this-run-only')
    await store.save(session)
    expect(await fileExists(filePath)).toBe(false)
    expect(await store.load()).toBeNull()
  })

  it('on a Linux desktop without a keyring writes nothing until the clerk opts in, then writes it encrypted', async () => {
    let optedIn = false
    const store = createEncryptedFileTokenStore({
      filePath,
      cipher: aesGcmTestCipher({ backend: () => 'basic_text' }),
      allowBasicText: () => optedIn
    })
    expect(store.persistence()).toBe('needs-opt-in')
    await store.save(session)
    expect(await fileExists(filePath)).toBe(false)

    optedIn = true
    expect(store.persistence()).toBe('encrypted')
    await store.save(session)
    const bytes = await readFile(filePath)
    expect(bytes.includes(Buffer.from(session.refreshToken))).toBe(false)
    expect(await store.load()).toEqual(session)

    // Withdrawing consent removes the earlier copy at the next save.
    optedIn = false
    await store.save(session)
    expect(await fileExists(filePath)).toBe(false)
  })

  it('treats a file it cannot decrypt as no session for now, and keeps it (the keyring may be locked)', async () => {
    const store = createEncryptedFileTokenStore({ filePath, cipher: aesGcmTestCipher(), allowBasicText: () => false })
    await store.save(session)
    await writeFile(filePath, Buffer.from('not what we wrote'))
    expect(await store.load()).toBeNull()
    expect(await fileExists(filePath)).toBe(true)
    // A new sign-in replaces it.
    await store.save(session)
    expect(await store.load()).toEqual(session)
  })

  it('a keyring briefly unavailable (locked after resume, D-Bus hiccup) never loses the saved sign-in', async () => {
    const cipher = aesGcmTestCipher()
    await createEncryptedFileTokenStore({ filePath, cipher, allowBasicText: () => false }).save(session)
    let keyringUp = false
    const flaky = {
      ...cipher,
      decryptString: (data: Uint8Array) => (keyringUp ? cipher.decryptString(data) : Promise.reject(new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')))
    }
    const store = createEncryptedFileTokenStore({ filePath, cipher: flaky, allowBasicText: () => false })
    expect(await store.load()).toBeNull()
    expect(await fileExists(filePath)).toBe(true)
    keyringUp = true
    expect(await store.load()).toEqual(session)
  })

  it('treats a file sealed with another key (another machine or profile) as no session', async () => {
    await createEncryptedFileTokenStore({ filePath, cipher: aesGcmTestCipher(), allowBasicText: () => false }).save(session)
    const otherKey = createEncryptedFileTokenStore({ filePath, cipher: aesGcmTestCipher(), allowBasicText: () => false })
    expect(await otherKey.load()).toBeNull()
  })

  it('treats a decryptable file of an unknown shape as no session', async () => {
    const cipher = aesGcmTestCipher()
    const oldFormat = join(dir, 'session-v9.bin')
    await writeFile(oldFormat, Buffer.from(await cipher.encryptString('{"version":9,"token":"x"}')))
    const store = createEncryptedFileTokenStore({ filePath: oldFormat, cipher, allowBasicText: () => false })
    expect(await store.load()).toBeNull()
    expect(await fileExists(oldFormat)).toBe(false)
  })

  it('leaves the file alone while encryption is not yet available (before the app is ready)', async () => {
    let available = true
    const store = createEncryptedFileTokenStore({
      filePath,
      cipher: aesGcmTestCipher({ available: () => available }),
      allowBasicText: () => false
    })
    await store.save(session)
    available = false
    expect(await store.load()).toBeNull()
    available = true
    expect(await store.load()).toEqual(session)
  })

  it('seals the file again when the cipher says its key was replaced, and reads the same session after', async () => {
    let rotated = true
    const cipher = aesGcmTestCipher({ reEncrypt: () => rotated })
    const store = createEncryptedFileTokenStore({ filePath, cipher, allowBasicText: () => false })
    await store.save(session)
    const sealedFirst = await readFile(filePath)
    expect(await store.load()).toEqual(session)
    const sealedAgain = await readFile(filePath)
    expect(Buffer.compare(sealedFirst, sealedAgain)).not.toBe(0)
    rotated = false
    expect(await store.load()).toEqual(session)
    expect(Buffer.compare(await readFile(filePath), sealedAgain)).toBe(0)
  })

  it('clear after a save that started first leaves no file behind', async () => {
    const store = createEncryptedFileTokenStore({ filePath, cipher: aesGcmTestCipher(), allowBasicText: () => false })
    await Promise.all([store.save(session), store.clear()])
    expect(await fileExists(filePath)).toBe(false)
    expect(await store.load()).toBeNull()
  })
})

describe('createMemoryTokenStore', () => {
  it('keeps the session for this run only', async () => {
    const store = createMemoryTokenStore()
    expect(store.persistence()).toBe('this-run-only')
    await store.save(session)
    expect(await store.load()).toEqual(session)
    await store.clear()
    expect(await store.load()).toBeNull()
  })
})
