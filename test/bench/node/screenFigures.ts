import type { Browser } from '@playwright/test'
import { openBenchPage } from './benchBrowser'
import { startBenchMain } from './benchMain'
import type { Section } from './benchReport'
import { median, percentile, round } from './statistics'

/**
 * Figures 2 and 3, on one page holding 10,000 drafts: autosave latency while the drafts list is on
 * screen, and the drafts list's first render. Both run in Chromium against its real IndexedDB.
 */
const STORED_DRAFTS = 10_000
/** A fast typist: ten keystrokes a second, each one a save. */
const AUTOSAVE = { samples: 150, warmup: 10, intervalMs: 100 }
const AUTOSAVE_P95_TARGET_MS = 16
const LIST_RUNS = 7
const LIST_TARGET_MS = 100

export async function measureScreenFigures(browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  const main = await startBenchMain({ pacing: 'none' })
  const bench = await openBenchPage(browser, pageUrl, main.services, main.log)
  try {
    await bench.call('resetDatabase', 'bench-screens')
    const seeded = await bench.call('seedDrafts', `${runId}-screens`, STORED_DRAFTS)
    const reference = await bench.call('cacheReferenceData')

    const renders = await bench.call('listFirstRenders', LIST_RUNS)
    const latencies = await bench.call('autosaveLatencies', { ...AUTOSAVE, withList: true })
    const withoutList = await bench.call('autosaveLatencies', { ...AUTOSAVE, withList: false })

    const p50 = percentile(latencies, 50)
    const p95 = percentile(latencies, 95)
    const listMedian = median(renders.map((render) => render.ms))
    const rowsShown = renders[0]?.rows ?? 0
    return {
      name: 'screens',
      rows: [
        {
          figure: `Autosave p50 / p95, ${STORED_DRAFTS.toLocaleString('en')} drafts stored`,
          value: `${round(p50)} / ${round(p95)} ms (max ${round(Math.max(...latencies))} ms, ${latencies.length} saves)`,
          target: `p95 ≤ ${AUTOSAVE_P95_TARGET_MS} ms`,
          met: p95 <= AUTOSAVE_P95_TARGET_MS
        },
        {
          figure: '  the same without the drafts list mounted',
          value: `${round(percentile(withoutList, 50))} / ${round(percentile(withoutList, 95))} ms`,
          target: '',
          met: null
        },
        {
          figure: `Drafts list first render, ${STORED_DRAFTS.toLocaleString('en')} drafts (median of ${LIST_RUNS})`,
          value: `${round(listMedian)} ms (first run ${round(renders[0]?.ms ?? Number.NaN)} ms, ${rowsShown} rows)`,
          target: `≤ ${LIST_TARGET_MS} ms`,
          met: listMedian <= LIST_TARGET_MS
        }
      ],
      details: {
        storedDrafts: STORED_DRAFTS,
        seedMs: round(seeded.ms),
        referenceData: reference,
        autosave: {
          measured: 'change handed to the workspace autosaver (useDraftAutosaver) → its Dexie transaction committed, drafts list mounted',
          ...AUTOSAVE,
          p50Ms: round(p50),
          p95Ms: round(p95),
          maxMs: round(Math.max(...latencies)),
          latenciesMs: latencies.map((ms) => round(ms)),
          withoutList: {
            p50Ms: round(percentile(withoutList, 50)),
            p95Ms: round(percentile(withoutList, 95)),
            maxMs: round(Math.max(...withoutList)),
            latenciesMs: withoutList.map((ms) => round(ms))
          }
        },
        listFirstRender: {
          measured: 'render call → first screenful of rows painted with their drafts (rAF + next task)',
          medianMs: round(listMedian),
          runs: renders.map((render) => ({ ms: round(render.ms), firstRowsMs: round(render.firstRowsMs), rows: render.rows }))
        },
        pageConsoleErrors: bench.consoleErrors()
      }
    }
  } finally {
    await bench.close()
    await main.close()
  }
}
