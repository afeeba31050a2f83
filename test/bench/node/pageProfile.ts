import { writeFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'

/**
 * BENCH_CPU_PROFILE=prefix: the page's JavaScript profile while a section's measured work runs, written
 * to `<prefix>-<section>.cpuprofile` (open it in Chrome's DevTools, Performance), to see where the
 * page's time went. Off by default: profiling slows the page down.
 */
export async function startPageProfile(page: Page, section: string): Promise<{ stop(): Promise<void> } | undefined> {
  const prefix = process.env.BENCH_CPU_PROFILE
  if (!prefix) return undefined
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.start')
  return {
    async stop() {
      const { profile } = await cdp.send('Profiler.stop')
      await writeFile(`${prefix}-${section}.cpuprofile`, JSON.stringify(profile))
      await cdp.detach()
    }
  }
}
