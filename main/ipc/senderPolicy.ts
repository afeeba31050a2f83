/**
 * Which frames may call the IPC handlers: only the app's own top-level page, served from
 * `app://leave-desk`, plus the electron-vite dev server when (and only when) one is configured.
 * The URL is parsed, never prefix-matched: `app://leave-desk.evil` and `app://leave-desk@evil` are not us.
 */

export const APP_SCHEME = 'app'
export const APP_HOST = 'leave-desk'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/** The part of Electron's WebFrameMain the policy reads. */
export interface SenderFrame {
  url: string
  parent: unknown
}

export type SenderCheck = (frame: SenderFrame | null | undefined) => boolean

export function createSenderPolicy(options: { devServerUrl?: string | undefined } = {}): SenderCheck {
  const devOrigin = options.devServerUrl ? httpOrigin(options.devServerUrl) : null
  // Every call of a page comes from the same URL: the last one's answer is kept, so a sync of 1,000
  // drafts parses it once rather than per call. The answer depends on nothing but the URL.
  let last: { url: string; allowed: boolean } | null = null
  return (frame) => {
    // A subframe never gets the preload, so a call from one is not ours whatever its URL.
    if (!frame || frame.parent) return false
    if (last?.url !== frame.url) last = { url: frame.url, allowed: isAppUrl(frame.url) || (devOrigin !== null && httpOrigin(frame.url) === devOrigin) }
    return last.allowed
  }
}

export function isAppUrl(value: string): boolean {
  const url = parse(value)
  // Custom schemes have an opaque ("null") origin in WHATWG URL, so compare the parts instead.
  return (
    url !== null &&
    url.protocol === `${APP_SCHEME}:` &&
    url.hostname === APP_HOST &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  )
}

function httpOrigin(value: string): string | null {
  const url = parse(value)
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null
  return url.origin
}

function parse(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}
