import type { Browser } from '@playwright/test'
import { openBenchPage } from './benchBrowser'
import { startBenchMain } from './benchMain'
import type { Section } from './benchReport'
import { recordsOfRun } from './sandboxRecords'
import { median, round } from './statistics'
import { sleep, waitUntil } from './waiting'

/**
 * Figure 4: drafts are queued, payroll goes down (connection refused), the app's runner tries and
 * learns it is unreachable, and payroll comes back after an outage of a few seconds. Timed from the
 * sandbox listening again to it receiving the first POST: main's connectivity monitor must notice, tell
 * the page, and the page's runner must start sending. Several outage lengths, because where the
 * monitor's next probe falls relative to the comeback decides the figure.
 */
const OUTAGES_MS = [3_000, 4_400, 5_800]
const DRAFTS_PER_TRIAL = 12
const EMPLOYEES_PER_TRIAL = 6
const TARGET_MS = 1_000
const INSERT = 'POST /Payroll/LeaveRequest'

interface Trial {
  outageMs: number
  upToFirstPostMs: number
  records: number
}

export async function measureReconnect(browser: Browser, pageUrl: string, runId: string): Promise<Section> {
  // The app's composition against a remote API (paced, at the harness's test rate).
  const main = await startBenchMain({ pacing: 50 })
  const bench = await openBenchPage(browser, pageUrl, main.services, main.log)
  const { sandbox, services } = main
  try {
    await bench.call('resetDatabase', 'bench-reconnect')
    await bench.call('startRunner')
    const trials: Trial[] = []
    for (const [index, outageMs] of OUTAGES_MS.entries()) {
      const tag = `${runId}-reconnect${index}`
      await bench.call('queueDrafts', tag, DRAFTS_PER_TRIAL, EMPLOYEES_PER_TRIAL)
      const downAt = performance.now()
      await sandbox.faults.down()
      // The clerk's "Sync now" (or the runner's timer) meets the outage: a refused connection.
      await bench.call('nudgeRunner')
      await waitUntil(async () => {
        const status = await services.getConnectivityStatus()
        return status.ok && status.value.state === 'unreachable'
      }, 'main to see payroll unreachable', 10_000)
      await sleep(downAt + outageMs - performance.now())

      const postsBefore = sandbox.stats.count(INSERT)
      await sandbox.faults.up()
      const upAt = performance.now()
      const firstPostAt = await waitUntil(() => sandbox.stats.count(INSERT) > postsBefore, 'the first POST after the outage', 60_000)
      await waitUntil(async () => (await bench.call('statusCounts')).synced === (index + 1) * DRAFTS_PER_TRIAL, 'every draft synced', 60_000, 50)
      trials.push({ outageMs, upToFirstPostMs: firstPostAt - upAt, records: recordsOfRun(sandbox, tag) })
    }

    const worst = Math.max(...trials.map((trial) => trial.upToFirstPostMs))
    const exact = trials.every((trial) => trial.records === DRAFTS_PER_TRIAL)
    return {
      name: 'reconnect',
      rows: [
        {
          figure: `Reconnect → first POST (outages ${OUTAGES_MS.map((ms) => ms / 1000).join(' / ')} s)`,
          value: `worst ${round(worst)} ms (each: ${trials.map((trial) => round(trial.upToFirstPostMs, 0)).join(' / ')} ms)${exact ? '' : '; RECORDS WRONG'}`,
          target: `≤ ${TARGET_MS} ms`,
          met: exact && worst <= TARGET_MS
        }
      ],
      details: {
        measured: 'sandbox listening again (faults.up() resolved) → sandbox received the first POST /Payroll/LeaveRequest',
        outageFrom: 'faults.down() to faults.up(); the runner meets the outage right after down()',
        draftsPerTrial: DRAFTS_PER_TRIAL,
        employeesPerTrial: EMPLOYEES_PER_TRIAL,
        worstMs: round(worst),
        medianMs: round(median(trials.map((trial) => trial.upToFirstPostMs))),
        trials: trials.map((trial) => ({ ...trial, upToFirstPostMs: round(trial.upToFirstPostMs) })),
        pageConsoleErrors: bench.consoleErrors()
      }
    }
  } finally {
    await bench.close()
    await main.close()
  }
}
