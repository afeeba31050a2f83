import type { Browser } from '@playwright/test'
import { openBenchPage } from './benchBrowser'
import { startBenchMain } from './benchMain'
import type { Section } from './benchReport'
import { recordsOfRun } from './sandboxRecords'
import { round } from './statistics'

/**
 * Figure 5: payroll enforcing its rate (the sandbox answers 429 past 10 requests a second per file) and
 * main's limiter set to the same 10/s: 200 queued drafts through the queue must go at (nearly) that
 * rate without a single 429.
 */
const DRAFTS = 200
const RATE_PER_SECOND = 10
const CONCURRENCY = 4
const TARGET_SHARE = 0.95

export async function measureRatePacing(browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  const main = await startBenchMain({ sandbox: { ratePerSecond: RATE_PER_SECOND }, pacing: RATE_PER_SECOND })
  const bench = await openBenchPage(browser, pageUrl, main.services, main.log)
  try {
    const tag = `${runId}-rate`
    await bench.call('resetDatabase', 'bench-rate')
    await bench.call('queueDrafts', tag, DRAFTS)
    const sync = await bench.call('timedSync', CONCURRENCY, 'main')
    const perSecond = sync.summary.synced / (sync.ms / 1000)
    const share = perSecond / RATE_PER_SECOND
    const http429 = main.sandbox.stats.statusCount(429)
    const records = recordsOfRun(main.sandbox, tag)
    const exact = records === DRAFTS && sync.statusCounts.synced === DRAFTS
    return {
      name: 'rate',
      rows: [
        {
          figure: `Rate limit ${RATE_PER_SECOND}/s, ${DRAFTS} drafts: achieved ÷ limit`,
          value: `${round(share * 100, 1)} % (${round(perSecond)} drafts/s over ${round(sync.ms / 1000)} s; ${records} records)`,
          target: `≥ ${TARGET_SHARE * 100} %`,
          met: exact && share >= TARGET_SHARE
        },
        { figure: '  429 answers', value: String(http429), target: '0', met: http429 === 0 }
      ],
      details: {
        drafts: DRAFTS,
        ratePerSecond: RATE_PER_SECOND,
        concurrency: CONCURRENCY,
        ms: round(sync.ms),
        draftsPerSecond: round(perSecond, 3),
        shareOfLimit: round(share, 4),
        http429,
        sandboxRecords: records,
        statusCounts: sync.statusCounts,
        summary: sync.summary,
        pageConsoleErrors: bench.consoleErrors()
      }
    }
  } finally {
    await bench.close()
    await main.close()
  }
}
