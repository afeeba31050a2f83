import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { type Cipher } from '../cipher'

export interface TestCipherOptions {
  available?: () => boolean
  backend?: () => string
  key?: Buffer
  /** Says every decrypted value should be sealed again (an OS key rotation), and counts the answers. */
  reEncrypt?: () => boolean
}

/**
 * A real cipher for tests (AES-256-GCM, random key per instance), standing in for safeStorage: if a
 * token shows up in a file written through it, the store leaked it. Layout: iv(12) | tag(16) | data.
 */
export function aesGcmTestCipher(options: TestCipherOptions = {}): Cipher & { key: Buffer } {
  const key = options.key ?? randomBytes(32)
  return {
    key,
    isEncryptionAvailable: options.available ?? (() => true),
    ...(options.backend ? { backend: options.backend } : {}),
    async encryptString(text) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()])
      return Buffer.concat([iv, cipher.getAuthTag(), data])
    },
    async decryptString(bytes) {
      const buffer = Buffer.from(bytes)
      const decipher = createDecipheriv('aes-256-gcm', key, buffer.subarray(0, 12))
      decipher.setAuthTag(buffer.subarray(12, 28))
      const text = Buffer.concat([decipher.update(buffer.subarray(28)), decipher.final()]).toString('utf8')
      return { text, shouldReEncrypt: options.reEncrypt?.() ?? false }
    }
  }
}
