import { digestOf, newToken } from './secrets'

/**
 * OAuth grants as the live API behaves: a password login opens a grant; a refresh returns the SAME refresh
 * token and revokes the grant's previous access token. With rotation on, a refresh issues a new refresh
 * token and the used one keeps working for a grace period, so two racing refreshes both succeed.
 */

export interface TokenConfig {
  accessTtlMs: number
  refreshTtlMs: number
  rotate: boolean
  graceMs: number
  now: () => number
}

export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  expiresInSeconds: number
  fileIds: number[]
}

export type RefreshOutcome = { ok: true; tokens: IssuedTokens } | { ok: false; reason: 'unknown' | 'expired' }
export type AccessOutcome = { ok: true; username: string; fileIds: number[] } | { ok: false; reason: 'unknown' | 'expired' }

interface Grant {
  username: string
  fileIds: number[]
  refreshDigest: string
  refreshExpiresAt: number
  /** Refresh tokens replaced by rotation, accepted until `until`. */
  retired: { digest: string; until: number }[]
  accessDigest: string | null
}

interface AccessEntry {
  grantId: string
  expiresAt: number
}

export interface TokenSnapshot {
  nextGrant: number
  grants: Record<string, Grant>
  access: Record<string, AccessEntry>
}

export class TokenStore {
  private grants = new Map<string, Grant>()
  private access = new Map<string, AccessEntry>()
  private nextGrant = 1

  constructor(private readonly config: TokenConfig) {}

  issue(username: string, fileIds: number[]): IssuedTokens {
    this.forgetDeadGrants()
    const refreshToken = newToken()
    const grantId = String(this.nextGrant++)
    this.grants.set(grantId, {
      username,
      fileIds: [...fileIds],
      refreshDigest: digestOf(refreshToken),
      refreshExpiresAt: this.config.now() + this.config.refreshTtlMs,
      retired: [],
      accessDigest: null
    })
    return this.withNewAccessToken(grantId, refreshToken)
  }

  refresh(refreshToken: string): RefreshOutcome {
    const digest = digestOf(refreshToken)
    const now = this.config.now()
    const found = this.findGrant(digest, now)
    if (!found) return { ok: false, reason: 'unknown' }
    const [grantId, grant] = found
    if (now >= grant.refreshExpiresAt) return { ok: false, reason: 'expired' }
    if (!this.config.rotate) return { ok: true, tokens: this.withNewAccessToken(grantId, refreshToken) }
    const rotated = newToken()
    grant.retired = grant.retired.filter((r) => r.until > now)
    grant.retired.push({ digest: grant.refreshDigest, until: now + this.config.graceMs })
    grant.refreshDigest = digestOf(rotated)
    grant.refreshExpiresAt = now + this.config.refreshTtlMs
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

  /** Grants whose refresh and access tokens have both ended can never be used again. */
  private forgetDeadGrants(): void {
    const now = this.config.now()
    for (const [grantId, grant] of this.grants) {
      const access = grant.accessDigest ? this.access.get(grant.accessDigest) : undefined
      const retiredAlive = grant.retired.some((r) => r.until > now)
      if (now < grant.refreshExpiresAt || retiredAlive || (access && now < access.expiresAt)) continue
      if (grant.accessDigest) this.access.delete(grant.accessDigest)
      this.grants.delete(grantId)
    }
  }

  private findGrant(digest: string, now: number): [string, Grant] | null {
    for (const [grantId, grant] of this.grants) {
      if (grant.refreshDigest === digest) return [grantId, grant]
      if (grant.retired.some((r) => r.digest === digest && r.until > now)) return [grantId, grant]
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
