import { BrowserWindow } from 'electron'
import type { ProxyCredentials } from '../http/proxySignIn'

/**
 * The clerk's sign-in to the office proxy: a small window with a plain HTML form and no script at all
 * (JavaScript off, sandboxed, no preload). Submitting navigates to a `leave-desk-proxy:` address that
 * never loads: main reads the two fields from it and closes the window, so the password never leaves
 * main's memory. Closing the window is "Cancel".
 */
export function askProxySignIn(parent: BrowserWindow | null, proxy: string, realm: string): Promise<ProxyCredentials | null> {
  return new Promise((resolve) => {
    const prompt = new BrowserWindow({
      width: 420,
      height: 300,
      resizable: false,
      minimizable: false,
      maximizable: false,
      title: 'Sign in to your proxy — Leave Desk',
      ...(parent && !parent.isDestroyed() ? { parent, modal: true } : {}),
      webPreferences: { javascript: false, sandbox: true, contextIsolation: true, nodeIntegration: false, spellcheck: false }
    })
    prompt.setMenuBarVisibility(false)
    let answered = false
    const finish = (credentials: ProxyCredentials | null) => {
      if (answered) return
      answered = true
      resolve(credentials)
      if (!prompt.isDestroyed()) prompt.close()
    }
    prompt.webContents.on('will-navigate', (event, url) => {
      event.preventDefault()
      const submitted = new URL(url)
      if (submitted.protocol !== 'leave-desk-proxy:') return
      const username = submitted.searchParams.get('username') ?? ''
      finish(username ? { username, password: submitted.searchParams.get('password') ?? '' } : null)
    })
    prompt.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
    prompt.on('closed', () => finish(null))
    void prompt.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(promptPage(proxy, realm))}`)
  })
}

function promptPage(proxy: string, realm: string): string {
  const text = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; form-action leave-desk-proxy:">
<title>Sign in to your proxy</title>
<style>
:root { color-scheme: light dark; font: 14px system-ui, sans-serif; }
body { margin: 20px; } label { display: block; margin-top: 12px; } input { width: 100%; box-sizing: border-box; padding: 6px; }
p { margin: 0 0 4px; } .buttons { margin-top: 18px; text-align: right; } button { padding: 6px 14px; }
</style></head><body>
<form action="leave-desk-proxy:sign-in" method="get">
<p><strong>Your proxy needs you to sign in</strong></p>
<p>The proxy ${text(proxy)}${realm ? ` (${text(realm)})` : ''} asks for your network user name and password before Leave Desk can reach payroll.</p>
<label>User name <input name="username" autocomplete="username" required autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password"></label>
<div class="buttons"><button type="submit">Sign in</button></div>
</form></body></html>`
}
