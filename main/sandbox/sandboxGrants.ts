import { digestOf, newToken } from './secrets'

/**
 * OAuth grants as the live API behaves: a password login opens a grant; a refresh returns the SAME refresh
 * token and revokes the grant's previous access token.
 *
 * With rotation on, a refresh issues a new refresh token. The token it replaced, presented again within
 * the grace period (two racing refreshes), gets a new access token and the CURRENT refresh token — it
 * never mints another one, so it cannot retire the legitimate holder's. Any other reuse of a replaced
 * token means two parties hold the family: the whole grant is revoked (OAuth 2.0 Security BCP, RFC 9700
 * §4.14.2), and both must sign in again.
 *
 * Growth is bounded: each user keeps at most `maxGrantsPerUser` grants (the least recently used goes), and
 * grants whose tokens have all ended are forgotten.
 */

export interface TokenConfig {
  accessTtlMs: number
  refreshTtlMs: number
  rotate: boolean
  graceMs: number
  maxGrantsPerUser: number
  now: () => number
}

export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  expiresInSeconds: number
  fileIds: number[]
}

export type RefreshOutcome = { ok: true; tokens: IssuedTokens } | { ok: false; reason: 'unknown' | 'expired' | 'reused' }
export type AccessOutcome = { ok: true; username: string; fileIds: number[] } | { ok: false; reason: 'unknown' | 'expired' }

interface Grant {
  username: string
  fileIds: number[]
  refreshDigest: string
  refreshExpiresAt: number
  /** Refresh tokens replaced by rotation, newest last: the last is accepted until `until`, any use of the others is reuse. */
  retired: { digest: string; until: number }[]
  accessDigest: string | null
  /** Last sign-in or refresh (ms); the least recently used grant of a user goes first. */
  lastUsedAt?: number
}

/** Replaced refresh tokens remembered per grant, to recognise their reuse. */
const RETIRED_KEPT = 20

interface AccessEntry {
  grantId: string
  expiresAt: number
}

export interface TokenSnapshot {
  nextGrant: number
  grants: Record<string, Grant>
  access: Record<string, AccessEntry>
}

export class SandboxGrants {
  private grants = new Map<string, Grant>()
  private access = new Map<string, AccessEntry>()
  private nextGrant = 1
  /**
   * The current refresh token of a grant, in memory only and only during its grace period, so a racing
   * refresh with the replaced token can be answered with it. Never persisted (the data file holds digests).
   */
  private graceAnswers = new Map<string, { refreshToken: string; until: number }>()

  constructor(private readonly config: TokenConfig) {}

  issue(username: string, fileIds: number[]): IssuedTokens {
    this.forgetDeadGrants()
    this.keepRoomFor(username)
    const refreshToken = newToken()
    const grantId = String(this.nextGrant++)
    this.grants.set(grantId, {
      username,
      fileIds: [...fileIds],
      refreshDigest: digestOf(refreshToken),
      refreshExpiresAt: this.config.now() + this.config.refreshTtlMs,
      retired: [],
      accessDigest: null,
      lastUsedAt: this.config.now()
    })
    return this.withNewAccessToken(grantId, refreshToken)
  }

  refresh(refreshToken: string): RefreshOutcome {
    const digest = digestOf(refreshToken)
    const now = this.config.now()
    const found = this.findGrant(digest)
    if (!found) return { ok: false, reason: 'unknown' }
    const [grantId, grant] = found
    if (now >= grant.refreshExpiresAt) return { ok: false, reason: 'expired' }
    grant.lastUsedAt = now
    if (!this.config.rotate) return { ok: true, tokens: this.withNewAccessToken(grantId, refreshToken) }
    if (grant.refreshDigest !== digest) {
      const predecessor = grant.retired.at(-1)
      const answer = this.graceAnswers.get(grantId)
      // The answer must still be the grant's token: a rotation undone by a failed write leaves a stale one.
      const answerIsCurrent = answer !== undefined && now < answer.until && digestOf(answer.refreshToken) === grant.refreshDigest
      if (predecessor?.digest === digest && now < predecessor.until && answerIsCurrent) {
        return { ok: true, tokens: this.withNewAccessToken(grantId, answer.refreshToken) }
      }
      this.revokeGrant(grantId)
      return { ok: false, reason: 'reused' }
    }
    const rotated = newToken()
    const older = grant.retired.map((r) => ({ digest: r.digest, until: 0 }))
    grant.retired = [...older, { digest: grant.refreshDigest, until: now + this.config.graceMs }].slice(-RETIRED_KEPT)
    grant.refreshDigest = digestOf(rotated)
    grant.refreshExpiresAt = now + this.config.refreshTtlMs
    this.graceAnswers.set(grantId, { refreshToken: rotated, until: now + this.config.graceMs })
    return { ok: true, tokens: this.withNewAccessToken(grantId, rotated) }
  }

  authenticate(accessToken: string): AccessOutcome {
    const entry = this.access.get(digestOf(accessToken))
    const grant = entry && this.grants.get(entry.grantId)
    if (!entry || !grant) return { ok: false, reason: 'unknown' }
    if (this.config.now() >= entry.expiresAt) return { ok: false, reason: 'expired' }
    return { ok: true, username: grant.username, fileIds: [...grant.fileIds] }
  }

  revokeRefreshTokens(): void {
    for (const grant of this.grants.values()) {
      grant.refreshExpiresAt = 0
      grant.retired = []
    }
  }

  expireAccessTokens(): void {
    const now = this.config.now()
    for (const entry of this.access.values()) entry.expiresAt = Math.min(entry.expiresAt, now)
  }

  snapshot(): TokenSnapshot {
    return {
      nextGrant: this.nextGrant,
      grants: Object.fromEntries(this.grants),
      access: Object.fromEntries(this.access)
    }
  }

  restore(snapshot: TokenSnapshot): void {
    this.nextGrant = snapshot.nextGrant
    this.grants = new Map(Object.entries(snapshot.grants))
    this.access = new Map(Object.entries(snapshot.access))
  }

  private revokeGrant(grantId: string): void {
    const grant = this.grants.get(grantId)
    if (grant?.accessDigest) this.access.delete(grant.accessDigest)
    this.grants.delete(grantId)
    this.graceAnswers.delete(grantId)
  }

  /** Makes room for one more grant of `username`: the least recently used ones go. */
  private keepRoomFor(username: string): void {
    const own = [...this.grants].filter(([, grant]) => grant.username === username)
    own.sort(([, a], [, b]) => (a.lastUsedAt ?? 0) - (b.lastUsedAt ?? 0))
    for (const [grantId] of own.slice(0, Math.max(0, own.length - this.config.maxGrantsPerUser + 1))) this.revokeGrant(grantId)
  }

  /** Grants whose refresh and access tokens have both ended can never be used again. */
  private forgetDeadGrants(): void {
    const now = this.config.now()
    for (const [grantId, grant] of this.grants) {
      const access = grant.accessDigest ? this.access.get(grant.accessDigest) : undefined
      const retiredAlive = grant.retired.some((r) => r.until > now)
      if (now < grant.refreshExpiresAt || retiredAlive || (access && now < access.expiresAt)) continue
      this.revokeGrant(grantId)
    }
  }

  private findGrant(digest: string): [string, Grant] | null {
    for (const [grantId, grant] of this.grants) {
      if (grant.refreshDigest === digest) return [grantId, grant]
      // Replaced tokens are recognised at any age: a late one is reuse, not an unknown token.
      if (grant.retired.some((r) => r.digest === digest)) return [grantId, grant]
    }
    return null
  }

  /** Issues the grant's next access token; the previous one stops working at once (live behaviour). */
  private withNewAccessToken(grantId: string, refreshToken: string): IssuedTokens {
    const grant = this.grants.get(grantId) as Grant
    if (grant.accessDigest) this.access.delete(grant.accessDigest)
    const accessToken = newToken()
    grant.accessDigest = digestOf(accessToken)
    this.access.set(grant.accessDigest, { grantId, expiresAt: this.config.now() + this.config.accessTtlMs })
    return {
      accessToken,
      refreshToken,
      expiresInSeconds: Math.round(this.config.accessTtlMs / 1000),
      fileIds: [...grant.fileIds]
    }
  }
}
