import dns from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * Plain http is allowed only to this computer (shared/ipc/settings.ts), and `localhost` is a name: a hosts
 * file or a resolver can point it anywhere, and tokens would then cross the network in clear. So a lookup
 * of a localhost name answers only when every address it gives is a loopback address (127.0.0.0/8, ::1,
 * or 127.x mapped into IPv6); otherwise it fails before any connection is made.
 */
const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6')

/** `code` of the error a connection to a localhost name gets when the name points off this computer. */
export const NOT_LOOPBACK = 'LEAVE_DESK_LOCALHOST_NOT_LOOPBACK'

export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '')
  return name === 'localhost' || name.endsWith('.localhost')
}

export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address)
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

type LookupAnswer = string | dns.LookupAddress[]

/** `dns.lookup` (or another, for tests), refusing a localhost name that resolves off this computer. */
export function loopbackCheckedLookup(lookup: LookupFunction = dns.lookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address: LookupAnswer, family?: number) => {
      if (error || !isLocalhostName(hostname)) return callback(error, address as string, family)
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address]
      const elsewhere = addresses.filter((candidate) => !isLoopbackAddress(candidate))
      if (elsewhere.length === 0) return callback(null, address as string, family)
      const refusal = Object.assign(
        new Error(`${hostname} resolves to ${elsewhere.join(', ')}, which is not this computer; nothing was sent there.`),
        { code: NOT_LOOPBACK }
      )
      callback(refusal as NodeJS.ErrnoException, '', 0)
    })
  }
}
