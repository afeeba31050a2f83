import { writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'

/** One function's share of a CPU profile: where the page's main thread spent its time. */
export interface ProfileEntry {
  name: string
  selfMs: number
}

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

interface CpuProfile {
  nodes: ProfileNode[]
  startTime: number
  endTime: number
  samples?: number[]
  timeDeltas?: number[]
}

/**
 * Runs `work` under Chromium's sampling profiler (DevTools protocol) and answers the functions that took
 * the most self time on the page's main thread, "(idle)" included: time the page spent waiting for
 * IndexedDB, which answers from another process, shows up there. For a bench's notes, not a figure.
 */
export async function profileDuring<T>(page: Page, work: () => Promise<T>, top = 12, profileName = 'page'): Promise<{ result: T; entries: ProfileEntry[] }> {
  const session = await page.context().newCDPSession(page)
  try {
    await session.send('Profiler.enable')
    await session.send('Profiler.setSamplingInterval', { interval: 200 })
    await session.send('Profiler.start')
    const result = await work()
    const { profile } = (await session.send('Profiler.stop')) as unknown as { profile: CpuProfile }
    // A path prefix (as pageProfile.ts takes it): the whole profile too, for DevTools or inclusive times.
    const prefix = process.env.BENCH_CPU_PROFILE
    if (prefix?.startsWith('/')) await writeFile(`${prefix}-${profileName}.cpuprofile`, JSON.stringify(profile))
    return { result, entries: selfTimes(profile).slice(0, top) }
  } finally {
    await session.detach()
  }
}

function selfTimes(profile: CpuProfile): ProfileEntry[] {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const byName = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i += 1) {
    const node = nodes.get(samples[i] as number)
    if (!node) continue
    const { functionName, url, lineNumber } = node.callFrame
    const file = url.split('/').pop() ?? ''
    const name = file ? `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}` : functionName
    // A sample's time is the gap to the next one.
    byName.set(name, (byName.get(name) ?? 0) + (deltas[i + 1] ?? 0) / 1_000)
  }
  return [...byName.entries()].map(([name, selfMs]) => ({ name, selfMs: Math.round(selfMs * 10) / 10 })).sort((a, b) => b.selfMs - a.selfMs)
}
