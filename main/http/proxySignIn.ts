import type { ProxyAuthInfo } from './netRequestFetch'

export interface ProxyCredentials {
  username: string
  password: string
}

/**
 * Answers a proxy's request for a Basic sign-in (Chromium signs in to NTLM/Kerberos/Negotiate proxies by
 * itself with the Windows account). The clerk is asked once per proxy for this run; several requests
 * waiting on the same proxy share the one question; the answer is kept in memory only (never written to
 * disk or the log) and asked for again when the proxy turns it down. A server's own sign-in request
 * (not a proxy) is refused: payroll signs in with tokens, never with Basic. Each Electron session keeps its
 * own sign-ins (the writes' partition, writeConnections.ts): a session asking for the first time gets the
 * remembered answer; only the same session asking again means the proxy turned it down.
 */
export function createProxySignIn(deps: { ask: (proxy: string, realm: string) => Promise<ProxyCredentials | null>; log: (message: string) => void }) {
  const remembered = new Map<string, ProxyCredentials>()
  /** By session and proxy: what that session was last given. */
  const lastGiven = new Map<string, ProxyCredentials>()
  const asking = new Map<string, Promise<ProxyCredentials | null>>()

  return {
    async answer(authInfo: ProxyAuthInfo, session = 'default'): Promise<ProxyCredentials | null> {
      if (!authInfo.isProxy) return null
      const proxy = `${authInfo.host}:${authInfo.port}`
      const given = `${session} ${proxy}`
      const known = remembered.get(proxy)
      // The proxy asks this session again after giving it `known`: it was turned down, so the clerk is asked.
      if (known && lastGiven.get(given) !== known) {
        lastGiven.set(given, known)
        return known
      }
      let question = asking.get(proxy)
      if (!question) {
        deps.log(`The proxy ${proxy} asks for a sign-in (${authInfo.scheme}); asking the clerk`)
        question = deps.ask(proxy, authInfo.realm).finally(() => asking.delete(proxy))
        asking.set(proxy, question)
      }
      const typed = await question
      if (!typed) {
        remembered.delete(proxy)
        return null
      }
      remembered.set(proxy, typed)
      lastGiven.set(given, typed)
      return typed
    },
    /** Electron's login callback style; `session` names the Electron session the request went out in. */
    handle(authInfo: ProxyAuthInfo, callback: (username?: string, password?: string) => void, session?: string): void {
      void this.answer(authInfo, session).then(
        (credentials) => (credentials ? callback(credentials.username, credentials.password) : callback()),
        () => callback()
      )
    }
  }
}
