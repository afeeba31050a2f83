/**
 * Where a draft's time goes during a timed sync: every call the runner makes to the queue store's
 * writes and to main's insert, timed in the page. Calls overlap (several lanes at once), so the figures
 * are per call, not shares of the wall clock.
 */
export interface CallTimes {
  calls: number
  totalMs: number
  p50Ms: number
  p95Ms: number
}

export type SyncProfile = Record<string, CallTimes>

type Sink = Map<string, number[]>

/** `target` with the named methods timed into `sink` (under `prefix.name`); other members are shared as they are. */
export function timedMethods<T extends object>(target: T, names: readonly string[], prefix: string, sink: Sink): T {
  const wrapped: Record<string, unknown> = { ...(target as Record<string, unknown>) }
  for (const name of names) {
    const method = wrapped[name]
    if (typeof method !== 'function') continue
    const times: number[] = []
    sink.set(`${prefix}.${name}`, times)
    wrapped[name] = async (...args: unknown[]) => {
      const started = performance.now()
      try {
        return await (method as (...values: unknown[]) => unknown).apply(target, args)
      } finally {
        times.push(performance.now() - started)
      }
    }
  }
  return wrapped as T
}

export function summariseProfile(sink: Sink): SyncProfile {
  const profile: SyncProfile = {}
  for (const [name, times] of sink) {
    if (times.length === 0) continue
    const sorted = [...times].sort((a, b) => a - b)
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
    const total = times.reduce((sum, ms) => sum + ms, 0)
    profile[name] = { calls: times.length, totalMs: Math.round(total), p50Ms: Math.round(at(50) * 100) / 100, p95Ms: Math.round(at(95) * 100) / 100 }
  }
  return profile
}
