import { describe, expect, it, vi } from 'vitest'
import type { Cipher } from './cipher'
import { KEYRING_WAIT_MS, prepareSafeStorageCipher, type SafeStorageLike } from './safeStorageCipher'

// The module's default is Electron's own safeStorage; these tests hand it a double instead.
vi.mock('electron', () => ({ safeStorage: {} }))

/** A reversible stand-in for the OS key: enough to see which API each call went through. */
function storage(options: { async: boolean; available?: boolean; rotated?: boolean }) {
  const calls: string[] = []
  const seal = (text: string) => Buffer.from(`sealed:${text}`)
  const open = (data: Buffer) => data.toString().replace(/^sealed:/, '')
  const sync: SafeStorageLike = {
    isEncryptionAvailable: () => (calls.push('isEncryptionAvailable'), options.available ?? true),
    encryptString: (text) => (calls.push('encryptString'), seal(text)),
    decryptString: (data) => (calls.push('decryptString'), open(data)),
    getSelectedStorageBackend: () => 'gnome_libsecret'
  }
  const withAsync: SafeStorageLike = {
    ...sync,
    isAsyncEncryptionAvailable: async () => (calls.push('isAsyncEncryptionAvailable'), options.available ?? true),
    encryptStringAsync: async (text) => (calls.push('encryptStringAsync'), seal(text)),
    decryptStringAsync: async (data) => (calls.push('decryptStringAsync'), { result: open(data), shouldReEncrypt: options.rotated ?? false })
  }
  return { storage: options.async ? withAsync : sync, calls }
}

describe('prepareSafeStorageCipher', () => {
  it('uses only the async API where Electron has it, and passes on "seal it again"', async () => {
    const { storage: safeStorage, calls } = storage({ async: true, rotated: true })
    const cipher = await prepareSafeStorageCipher(safeStorage, 'linux')
    expect(cipher.isEncryptionAvailable()).toBe(true)
    const sealed = await cipher.encryptString('token')
    expect(await cipher.decryptString(sealed)).toEqual({ text: 'token', shouldReEncrypt: true })
    expect(cipher.backend?.()).toBe('gnome_libsecret')
    expect(calls).toEqual(['isAsyncEncryptionAvailable', 'encryptStringAsync', 'decryptStringAsync'])
  })

  it('falls back to the sync API where the async one is absent', async () => {
    const { storage: safeStorage, calls } = storage({ async: false })
    const cipher = await prepareSafeStorageCipher(safeStorage, 'win32')
    expect(await cipher.decryptString(await cipher.encryptString('token'))).toEqual({ text: 'token', shouldReEncrypt: false })
    expect(cipher.backend?.()).toBe('os-keychain')
    expect(calls).toEqual(['isEncryptionAvailable', 'encryptString', 'decryptString'])
  })

  it('reports encryption unavailable when the OS says so or the check fails', async () => {
    expect((await prepareSafeStorageCipher(storage({ async: true, available: false }).storage, 'linux')).isEncryptionAvailable()).toBe(false)
    const broken = { ...storage({ async: true }).storage, isAsyncEncryptionAvailable: () => Promise.reject(new Error('no keyring')) }
    expect((await prepareSafeStorageCipher(broken, 'linux')).isEncryptionAvailable()).toBe(false)
  })
})

describe('a keyring that does not answer at start-up', () => {
  it('waits at most KEYRING_WAIT_MS, counts encryption unavailable meanwhile, and takes the late answer', async () => {
    vi.useFakeTimers()
    try {
      let answer: (available: boolean) => void = () => {}
      const hanging: SafeStorageLike = {
        ...storage({ async: true }).storage,
        isAsyncEncryptionAvailable: () => new Promise<boolean>((resolve) => (answer = resolve))
      }
      let cipher: Cipher | undefined
      void prepareSafeStorageCipher(hanging, 'linux').then((prepared) => (cipher = prepared))
      await vi.advanceTimersByTimeAsync(KEYRING_WAIT_MS - 1)
      expect(cipher).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(cipher?.isEncryptionAvailable()).toBe(false)
      answer(true)
      await vi.advanceTimersByTimeAsync(0)
      expect(cipher?.isEncryptionAvailable()).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})
