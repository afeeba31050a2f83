import tls from 'node:tls'

/** `tls.getCACertificates` of Node 22.15+/23.5+ (Electron 45's Node has it; Node 20 does not). */
export type GetCACertificates = (kind: 'default' | 'system' | 'bundled' | 'extra') => string[]

export interface TrustOptions {
  /** Default: Node's own, when it exists. Tests pass a stand-in or `null` for "absent". */
  getCACertificates?: GetCACertificates | null
  /** More roots to trust (tests pass the CA they made). */
  extraCAs?: readonly string[]
}

/**
 * The roots main's HTTPS trusts: the bundled ones plus the operating system's store, so an office whose
 * firewall re-signs TLS with its own root (installed on every PC by IT) still reaches payroll. Returns
 * undefined when there is nothing to add to Node's defaults; passing any `ca` to TLS replaces the
 * defaults, so the bundled roots are always part of the list.
 */
export function trustedCertificates(options: TrustOptions = {}): string[] | undefined {
  const get = options.getCACertificates === undefined ? nodeGetCACertificates() : options.getCACertificates
  const system = get ? safely(() => get('system')) : []
  const extra = options.extraCAs ?? []
  if (system.length === 0 && extra.length === 0) return undefined
  const bundled = get ? safely(() => get('default')) : []
  return [...new Set([...(bundled.length > 0 ? bundled : tls.rootCertificates), ...system, ...extra])]
}

function nodeGetCACertificates(): GetCACertificates | null {
  const candidate = (tls as unknown as { getCACertificates?: unknown }).getCACertificates
  return typeof candidate === 'function' ? (candidate as GetCACertificates) : null
}

/** A store that cannot be read (a broken keychain) must not stop the app from trusting the bundled roots. */
function safely(read: () => string[]): string[] {
  try {
    return read()
  } catch {
    return []
  }
}
