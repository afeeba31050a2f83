import { readdirSync, readFileSync } from 'node:fs'

/**
 * CPU time (user + system, ms) used so far by this process's descendants: the Chromium processes the
 * bench launched, by process type (`--type=renderer`, `gpu-process`, `utility`…; `browser` for the one
 * without a type, where IndexedDB's backend runs). Read from /proc, so Linux only; undefined elsewhere.
 * CPU time, unlike wall time, barely moves when other work shares the machine's cores, so it compares
 * the page's cost across runs on a loaded machine. A process that exits during the measured work takes
 * its time with it: measure work that starts and ends no process.
 */
export function descendantsCpuMsByType(): Record<string, number> | undefined {
  let names: string[]
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return undefined
  }
  const stats = new Map<number, { parent: number; cpuMs: number; type: string }>()
  for (const name of names) {
    const stat = readStat(name)
    if (stat) stats.set(Number(name), stat)
  }
  const byType: Record<string, number> = {}
  for (const stat of stats.values()) {
    for (let up = stat.parent; up > 1; up = stats.get(up)?.parent ?? 0) {
      if (up === process.pid) {
        byType[stat.type] = (byType[stat.type] ?? 0) + stat.cpuMs
        break
      }
    }
  }
  return byType
}

/** Linux's USER_HZ: /proc counts CPU time in ticks of 1/100 s on every architecture Node runs on. */
const MS_PER_TICK = 10

function readStat(pid: string): { parent: number; cpuMs: number; type: string } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const type = /--type=([\w-]+)/.exec(readFileSync(`/proc/${pid}/cmdline`, 'utf8'))?.[1] ?? 'browser'
    // Fields after the command name (which may hold spaces): state, ppid, … utime is the 12th, stime the 13th.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return { parent: Number(fields[1]), cpuMs: (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK, type }
  } catch {
    return undefined // the process ended between the listing and the read
  }
}

/** Chromium's CPU time while `work` runs: by process type and in all; undefined off Linux. */
export async function chromiumCpuDuring<T>(work: () => Promise<T>): Promise<{ result: T; byType?: Record<string, number>; totalMs?: number }> {
  const before = descendantsCpuMsByType()
  const result = await work()
  const after = descendantsCpuMsByType()
  if (!before || !after) return { result }
  const byType = Object.fromEntries(Object.entries(after).map(([type, ms]) => [type, ms - (before[type] ?? 0)]))
  return { result, byType, totalMs: Object.values(byType).reduce((sum, ms) => sum + ms, 0) }
}
