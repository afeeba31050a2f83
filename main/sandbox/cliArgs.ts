import { parseArgs } from 'node:util'
import type { SandboxOptions } from './types'

/** Command-line flags of `npm run sandbox`, read into sandbox options or a message saying what is wrong. */
export interface CliSettings {
  options: SandboxOptions
  /** Latency added to every API request, in ms (0 = none). */
  latencyMs: number
}

export type CliParse = { ok: true; settings: CliSettings } | { ok: true; help: true } | { ok: false; message: string }

export const USAGE = `Usage: npm run sandbox -- [--port 8787] [--host 127.0.0.1] [--token-ttl <seconds>] [--rotate-refresh]
                          [--rate <requests per second>] [--daily-quota <requests>] [--latency <ms>]
                          [--data-file <path>]`

const DEFAULT_PORT = 8787

export function parseCliArgs(args: string[]): CliParse {
  let values: Record<string, string | boolean | undefined>
  try {
    values = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        host: { type: 'string' },
        'token-ttl': { type: 'string' },
        'rotate-refresh': { type: 'boolean' },
        rate: { type: 'string' },
        'daily-quota': { type: 'string' },
        latency: { type: 'string' },
        'data-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' }
      }
    }).values
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  if (values.help) return { ok: true, help: true }
  const numbers: Record<string, number | undefined> = {}
  const limits: [string, number, number][] = [
    ['port', 0, 65_535],
    ['token-ttl', 1, 31_536_000],
    ['rate', 1, 1_000_000],
    ['daily-quota', 1, 1_000_000_000],
    ['latency', 0, 600_000]
  ]
  for (const [name, min, max] of limits) {
    const raw = values[name]
    if (raw === undefined) continue
    const n = Number(raw)
    if (typeof raw !== 'string' || !/^\d+$/.test(raw) || n < min || n > max) {
      return { ok: false, message: `--${name} must be a whole number from ${min} to ${max}, not "${String(raw)}".` }
    }
    numbers[name] = n
  }
  const options: SandboxOptions = {
    port: numbers.port ?? DEFAULT_PORT,
    host: typeof values.host === 'string' ? values.host : '127.0.0.1',
    rotateRefreshTokens: values['rotate-refresh'] === true,
    ratePerSecond: numbers.rate ?? null,
    dailyQuota: numbers['daily-quota'] ?? null
  }
  if (numbers['token-ttl'] !== undefined) options.tokenTtlSeconds = numbers['token-ttl']
  if (typeof values['data-file'] === 'string') options.dataFile = values['data-file']
  return { ok: true, settings: { options, latencyMs: numbers.latency ?? 0 } }
}
