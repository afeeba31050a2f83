import type { Browser } from '@playwright/test'
import { openBenchPage } from './benchBrowser'
import { startBenchMain } from './benchMain'
import type { Section } from './benchReport'
import { recordsOfRun } from './sandboxRecords'
import { round } from './statistics'

/**
 * Payroll enforcing its rate (the sandbox answers 429 past its limit per file) and main's limiter set to
 * the same rate: queued drafts through the queue must go at (nearly) that rate without a single 429.
 * Twice: 10/s with 200 drafts, and the live API's own pace, 1/s with 120 drafts (two minutes).
 * The share of the limit is (requests − 1) ÷ rate ÷ elapsed: a pacer that sends the first at once and
 * each next one exactly on time scores 100 %.
 */
interface PacingRun {
  name: string
  drafts: number
  ratePerSecond: number
  targetShare: number
  figureKey?: string
}
const RUNS: Record<'rate' | 'live-rate', PacingRun> = {
  rate: { name: 'rate', drafts: 200, ratePerSecond: 10, targetShare: 0.95 },
  'live-rate': { name: 'live-rate', drafts: 120, ratePerSecond: 1, targetShare: 0.99, figureKey: 'liveRateEfficiency' }
}
const CONCURRENCY = 4

export const measureRatePacing = (browser: Browser, pageUrl: string, runId: string) => measurePacing(RUNS.rate, browser, pageUrl, runId)
export const measureLivePacing = (browser: Browser, pageUrl: string, runId: string) => measurePacing(RUNS['live-rate'], browser, pageUrl, runId)

async function measurePacing(run: PacingRun, browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  const { drafts: DRAFTS, ratePerSecond: RATE_PER_SECOND, targetShare: TARGET_SHARE } = run
  const main = await startBenchMain({ sandbox: { ratePerSecond: RATE_PER_SECOND }, pacing: RATE_PER_SECOND })
  const bench = await openBenchPage(browser, pageUrl, main.services, main.log)
  try {
    const tag = `${runId}-${run.name}`
    await bench.call('resetDatabase', `bench-${run.name}`)
    await bench.call('queueDrafts', tag, DRAFTS)
    const sync = await bench.call('timedSync', CONCURRENCY, 'main')
    const perSecond = sync.summary.synced / (sync.ms / 1000)
    const share = (sync.summary.synced - 1) / RATE_PER_SECOND / (sync.ms / 1000)
    const http429 = main.sandbox.stats.statusCount(429)
    const records = recordsOfRun(main.sandbox, tag)
    const exact = records === DRAFTS && sync.statusCounts.synced === DRAFTS
    return {
      name: run.name,
      ...(run.figureKey ? { figures: { [run.figureKey]: round(share, 4) } } : {}),
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
