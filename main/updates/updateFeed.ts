import path from 'node:path'

/** The env a tester sets to point an app (packaged or not) at a generic update feed. */
export const UPDATE_FEED_ENV = 'LEAVE_DESK_UPDATE_FEED_URL'

/**
 * Where updates come from, or why there are none. The releaser's `publish` provider in
 * electron-builder.yml makes electron-builder write `resources/app-update.yml` into the packaged app;
 * without it (or in a development run) the app never asks anyone for updates. The env names a generic
 * feed for testing one.
 */
export type UpdateFeed =
  | { kind: 'packaged'; configPath: string }
  | { kind: 'env'; url: string }
  | { kind: 'off'; reason: string }

export interface FindUpdateFeedInput {
  isPackaged: boolean
  /** Electron's `process.resourcesPath`. */
  resourcesPath: string
  envFeedUrl?: string | undefined
  exists: (filePath: string) => boolean
  warn?: (message: string) => void
}

export function findUpdateFeed(input: FindUpdateFeedInput): UpdateFeed {
  if (input.envFeedUrl) {
    const url = usableFeedUrl(input.envFeedUrl)
    if (url) return { kind: 'env', url }
    input.warn?.(`${UPDATE_FEED_ENV} is not an https address (or http on this computer); ignoring it.`)
  }
  if (!input.isPackaged) return { kind: 'off', reason: 'a development run checks for updates only when ' + UPDATE_FEED_ENV + ' is set' }
  const configPath = path.join(input.resourcesPath, 'app-update.yml')
  if (!input.exists(configPath)) return { kind: 'off', reason: 'this build has no update feed (no publish provider when it was packaged)' }
  return { kind: 'packaged', configPath }
}

/** https anywhere; plain http only to this computer (a feed served while testing). */
function usableFeedUrl(value: string): string | null {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return url.href
  return null
}
