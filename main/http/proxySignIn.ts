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
 * (not a proxy) is refused: payroll signs in with tokens, never with Basic.
 */
export function createProxySignIn(deps: { ask: (proxy: string, realm: string) => Promise<ProxyCredentials | null>; log: (message: string) => void }) {
  const remembered = new Map<string, ProxyCredentials>()
  const lastGiven = new Map<string, ProxyCredentials>()
  const asking = new Map<string, Promise<ProxyCredentials | null>>()

  return {
    async answer(authInfo: ProxyAuthInfo): Promise<ProxyCredentials | null> {
      if (!authInfo.isProxy) return null
      const proxy = `${authInfo.host}:${authInfo.port}`
      const known = remembered.get(proxy)
      // The proxy asks again after being given `known`: it was turned down, so the clerk is asked.
      if (known && lastGiven.get(proxy) !== known) {
        lastGiven.set(proxy, known)
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
      lastGiven.set(proxy, typed)
      return typed
    },
    /** Electron's login callback style. */
    handle(authInfo: ProxyAuthInfo, callback: (username?: string, password?: string) => void): void {
      void this.answer(authInfo).then(
        (credentials) => (credentials ? callback(credentials.username, credentials.password) : callback()),
        () => callback()
      )
    }
  }
}
