/**
 * What the API client needs from the session: credentials for the next request, and a way to recover
 * after a 401. The session (main/auth) implements it; the client (main/api) only consumes it.
 */
export type RequestAuth =
  | { kind: 'bearer'; accessToken: string; /** increases with every token the session obtains */ generation: number }
  | { kind: 'legacy'; wsAccessKey: string; fileId: number }

export interface AuthProvider {
  /**
   * Credentials for a request now. Refreshes ahead of expiry (single-flight); if that refresh fails while
   * the current token is still valid, the current token is used. Resolves null when signed out.
   */
  current(): Promise<RequestAuth | null>
  /**
   * A request made with `used` got 401. If the session already holds newer credentials, resolve them
   * without a refresh (the live API revokes the old token the moment it refreshes). Otherwise refresh
   * once (single-flight, shared by every caller) and resolve the new credentials, or null when the
   * refresh was refused and the session has ended.
   */
  afterUnauthorized(used: RequestAuth): Promise<RequestAuth | null>
  /**
   * Whether a session is still held. After `afterUnauthorized` resolved null this tells a refused
   * refresh (signed out) from one that failed for a passing reason (still signed in, try later).
   */
  isSignedIn(): boolean
}
