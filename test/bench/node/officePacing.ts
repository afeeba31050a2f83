import { runOfficeAtLivePace } from '../../integration/testSupport/officeInstalls'
import type { Section } from './benchReport'
import { round } from './statistics'

/**
 * Three installs on one payroll file at the live pace (1 request a second, the sandbox answering 429
 * past it), sharing the rate budget through a team server (issue 29): 120 requests in all. The office's
 * pace is (requests − 1) ÷ the time from the first answer to the last, against 1 request a second.
 */
const INSTALLS = 3
const REQUESTS_EACH = 40
const TARGET_SHARE = 0.95

export async function measureOfficePacing(): Promise<Section> {
  const run = await runOfficeAtLivePace({ installs: INSTALLS, requestsEach: REQUESTS_EACH })
  const share = (run.requests - 1) / (run.answerSpanMs / 1000)
  const exact = run.synced === run.requests && run.payrollInserts === run.requests && run.officeCount === run.insertsArrived
  return {
    name: 'office-rate',
    figures: { officeRateEfficiency: round(share, 4), officeOver429: run.http429 },
    rows: [
      {
        figure: `Office of ${INSTALLS} installs at 1/s, ${run.requests} requests: combined pace ÷ limit`,
        value: `${round(share * 100, 1)} % (${round(run.answerSpanMs / 1000)} s first to last answer; office count ${run.officeCount})`,
        target: `≥ ${TARGET_SHARE * 100} %`,
        met: exact && share >= TARGET_SHARE
      },
      { figure: '  429 answers', value: String(run.http429), target: '0', met: run.http429 === 0 }
    ],
    details: { ...run, views: run.views.map((view) => `${view.slot + 1} of ${view.of}`) }
  }
}
