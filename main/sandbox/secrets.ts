import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Tokens are kept only as SHA-256 digests: a lookup by digest reveals nothing about the secret through
 * timing, and a persisted data file holds no usable token.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function digestOf(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** Constant-time comparison of two secrets of any length (digests are always the same length). */
export function secretsMatch(given: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(digestOf(given), 'hex'), Buffer.from(digestOf(expected), 'hex'))
}
