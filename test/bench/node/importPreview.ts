import type { Browser } from '@playwright/test'
import { openBenchPage } from './benchBrowser'
import { startBenchMain } from './benchMain'
import type { Section } from './benchReport'
import { median, round } from './statistics'

/**
 * Import preview of a 5,000-row CSV, in Chromium with the app's own import code and dialog: from the
 * file's bytes to the preview painted with every row. Target ≤ 2 s (issue 15).
 */
const ROWS = 5_000
const RUNS = 5
const TARGET_MS = 2_000

export async function measureImportPreview(browser: Browser, pageUrl: string): Promise<Section> {
  const main = await startBenchMain({ pacing: 'none' })
  const bench = await openBenchPage(browser, pageUrl, main.services, main.log)
  try {
    await bench.call('resetDatabase', 'bench-import')
    await bench.call('cacheReferenceData')
    const runs = await bench.call('importPreviews', RUNS, ROWS)
    const ms = median(runs.map((run) => run.ms))
    const readMs = median(runs.map((run) => run.readMs))
    const complete = runs.every((run) => run.rowsDrawn > 0)
    return {
      name: 'import',
      rows: [
        {
          figure: `Import preview, ${ROWS.toLocaleString('en')}-row CSV (median of ${RUNS})`,
          value: `${round(ms)} ms (file read and columns guessed in ${round(readMs)} ms; ${Math.round((runs[0]?.bytes ?? 0) / 1024)} KB)`,
          target: `≤ ${TARGET_MS} ms`,
          met: complete && ms <= TARGET_MS
        }
      ],
      figures: { import5000PreviewMs: round(ms) },
      details: {
        import5000PreviewMs: round(ms),
        import5000ReadMs: round(readMs),
        runs: runs.map((run) => ({ ...run, ms: round(run.ms), readMs: round(run.readMs) })),
        pageConsoleErrors: bench.consoleErrors()
      }
    }
  } finally {
    await bench.close()
    await main.close()
  }
}
