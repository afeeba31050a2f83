import type { Browser, Page } from '@playwright/test'

/**
 * BENCH_TRACE=prefix: a Chrome trace of the page while a section's measured work runs, written to
 * `<prefix>-<section>.json` (open it at ui.perfetto.dev). Where a CPU profile (BENCH_CPU_PROFILE) says
 * which code ran, the trace says when: each main-thread task, each IndexedDB request on both sides of
 * the page's connection to the database, and each keystroke's save as a user-timing span (autosave-N).
 * Off by default: tracing slows the page down.
 */
export async function startPageTrace(browser: Browser, page: Page, section: string): Promise<{ stop(): Promise<void> } | undefined> {
  const prefix = process.env.BENCH_TRACE
  if (!prefix) return undefined
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'toplevel', 'v8.execute', 'IndexedDB']
  await browser.startTracing(page, { path: `${prefix}-${section}.json`, categories })
  return {
    async stop() {
      await browser.stopTracing()
    }
  }
}
