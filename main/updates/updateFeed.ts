import path from 'node:path'

/** The env a tester sets to point a development run (or, if policy allows, an installed one) at a generic feed. */
export const UPDATE_FEED_ENV = 'LEAVE_DESK_UPDATE_FEED_URL'

/**
 * Where updates come from, or why there are none. The company's `publish` provider
 * (build/organisation.yml) makes electron-builder write `resources/app-update.yml` into the packaged app,
 * with the Windows publisher name electron-updater checks every update's signature against. Another feed
 * (IT's own mirror named by policy, or the env when policy allows it) only replaces the address: the
 * packaged file, and so the publisher check, stays (`override`). A development run uses the env alone.
 */
export type UpdateFeed =
  | { kind: 'packaged'; configPath: string }
  | { kind: 'override'; configPath: string; url: string }
  | { kind: 'env'; url: string }
  | { kind: 'off'; reason: string }

/** What machine policy says about updates (main/policy). */
export interface UpdatePolicy {
  /** 'off': the organisation updates the app itself. */
  updates?: 'on' | 'off' | undefined
  /** The organisation's own copy of the update feed (https). */
  updateFeedUrl?: string | undefined
  /** Whether LEAVE_DESK_UPDATE_FEED_URL may change the feed of an installed copy. */
  allowUpdateFeedFromEnvironment?: boolean | undefined
}

export interface FindUpdateFeedInput {
  isPackaged: boolean
  /** Electron's `process.resourcesPath`. */
  resourcesPath: string
  envFeedUrl?: string | undefined
  exists: (filePath: string) => boolean
  warn?: (message: string) => void
  policy?: UpdatePolicy
  /** Why this installation is updated by something else (installKind.ts), or null. */
  updatedElsewhere?: string | null
}

export function findUpdateFeed(input: FindUpdateFeedInput): UpdateFeed {
  const policy = input.policy ?? {}
  if (policy.updates === 'off') return { kind: 'off', reason: "your organisation's policy turns them off" }
  if (input.isPackaged && input.updatedElsewhere) return { kind: 'off', reason: input.updatedElsewhere }
  const envUrl = input.envFeedUrl ? checkedFeedUrl(input.envFeedUrl, UPDATE_FEED_ENV, input.warn) : null
  if (!input.isPackaged) {
    if (envUrl) return { kind: 'env', url: envUrl }
    return { kind: 'off', reason: `a development run checks for updates only when ${UPDATE_FEED_ENV} is set` }
  }
  const configPath = path.join(input.resourcesPath, 'app-update.yml')
  if (!input.exists(configPath)) return { kind: 'off', reason: 'this build has no update feed (no publish provider when it was packaged)' }
  if (envUrl && policy.allowUpdateFeedFromEnvironment) return { kind: 'override', configPath, url: envUrl }
  if (envUrl) input.warn?.(`${UPDATE_FEED_ENV} is ignored in an installed copy unless machine policy allows it (AllowUpdateFeedFromEnvironment).`)
  const policyUrl = policy.updateFeedUrl ? checkedFeedUrl(policy.updateFeedUrl, 'The policy UpdateFeedUrl', input.warn) : null
  if (policyUrl) return { kind: 'override', configPath, url: policyUrl }
  return { kind: 'packaged', configPath }
}

function checkedFeedUrl(value: string, source: string, warn: ((message: string) => void) | undefined): string | null {
  const url = usableFeedUrl(value)
  if (!url) warn?.(`${source} is not an https address (or http on this computer); ignoring it.`)
  return url
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

/**
 * The feed's https address, when it has one: set in code (override, env), or the `url:` of a generic
 * provider's app-update.yml (GitHub and S3 feeds have none). Used for the Linux spelling dictionaries.
 */
export function updateFeedAddress(feed: UpdateFeed, readText: (filePath: string) => string | null): string | null {
  if (feed.kind === 'override' || feed.kind === 'env') return feed.url
  if (feed.kind === 'off') return null
  const config = readText(feed.configPath) ?? ''
  if (!/^provider:\s*["']?generic["']?\s*$/m.test(config)) return null
  const url = /^url:\s*["']?([^"'\s]+)["']?\s*$/m.exec(config)?.[1]
  return url && url.startsWith('https://') ? url : null
}
