import { request } from 'undici'
import type { AuthProvider, RequestAuth } from '../../auth/requestAuth'

/**
 * Small AuthProviders for the client's tests. The real session lives in main/auth; these only do what the
 * client needs from one, against the sandbox's token endpoint, and count what they were asked.
 */
export interface CountingAuth extends AuthProvider {
  afterUnauthorizedCalls: number
}

/** Password grant on first use; on 401, a refresh (or the newer token if one was already obtained). */
export function passwordGrantAuth(baseUrl: string, username: string, password: string): CountingAuth {
  let tokens: { access: string; refresh: string; generation: number } | null = null
  const bearer = (): RequestAuth | null => (tokens ? { kind: 'bearer', accessToken: tokens.access, generation: tokens.generation } : null)
  const post = async (path: string, body: object) => {
    const response = await request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body)
    })
    const json = (await response.body.json()) as { access_token?: string; refresh_token?: string }
    return response.statusCode === 200 && json.access_token && json.refresh_token
      ? { access: json.access_token, refresh: json.refresh_token }
      : null
  }
  const auth: CountingAuth = {
    afterUnauthorizedCalls: 0,
    async current() {
      if (!tokens) {
        const issued = await post('/authorisation/token', { grant_type: 'password', username, password, scope: 'full' })
        if (issued) tokens = { ...issued, generation: 1 }
      }
      return bearer()
    },
    isSignedIn: () => tokens !== null,
    async afterUnauthorized(used) {
      auth.afterUnauthorizedCalls += 1
      if (!tokens) return null
      if (used.kind === 'bearer' && used.generation < tokens.generation) return bearer()
      const renewed = await post('/authorisation/refresh', { grant_type: 'refresh_token', refresh_token: tokens.refresh })
      tokens = renewed ? { ...renewed, generation: tokens.generation + 1 } : null
      return bearer()
    }
  }
  return auth
}

/**
 * Fixed credentials; `afterUnauthorized` answers with `renewed`. When that is null, `stillSignedIn` says
 * whether renewal failed for a passing reason (true) or the session has ended (false).
 */
export function fixedAuth(credentials: RequestAuth | null, renewed: RequestAuth | null = null, stillSignedIn = false): CountingAuth {
  const auth: CountingAuth = {
    afterUnauthorizedCalls: 0,
    current: async () => credentials,
    isSignedIn: () => credentials !== null && (renewed !== null || stillSignedIn),
    afterUnauthorized: async () => {
      auth.afterUnauthorizedCalls += 1
      return renewed
    }
  }
  return auth
}
