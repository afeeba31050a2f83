import { readFileSync } from 'node:fs'

/**
 * The share of this machine's CPU time the host gave to other guests while a section ran ("steal" in
 * Linux's /proc/stat). The bench runs on a shared virtual machine: a run with much CPU stolen shows
 * slower figures for reasons outside the code, so each section says how much was stolen while it ran.
 * Undefined where /proc/stat does not exist (not Linux).
 */
export function startStolenCpu(): () => number | undefined {
  const before = cpuTimes()
  return () => {
    const after = cpuTimes()
    if (!before || !after) return undefined
    const spent = after.map((value, index) => value - (before[index] ?? 0))
    const total = spent.reduce((sum, value) => sum + value, 0)
    const STEAL = 7
    return total > 0 ? Math.round((1000 * (spent[STEAL] ?? 0)) / total) / 10 : undefined
  }
}

/** The machine's CPU times since boot (user, nice, system, idle, iowait, irq, softirq, steal, …). */
function cpuTimes(): number[] | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? ''
    return line.split(/\s+/).slice(1).filter(Boolean).map(Number)
  } catch {
    return undefined
  }
}
