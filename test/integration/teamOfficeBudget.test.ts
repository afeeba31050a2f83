import { describe, expect, it } from 'vitest'
import { runOfficeAtLivePace } from './testSupport/officeInstalls'

/**
 * Three installs on one payroll file at the live pace (1 request a second, the sandbox answering 429
 * past it), sharing the rate budget through the team server: 120 requests in all. Two minutes of real
 * time: the vendor's limit is in seconds, and the turns are taken by the clock.
 */
describe('the office’s one rate budget (team ledger)', () => {
  it('three installs, 120 requests: together within 1 request a second, no 429, the office’s count the sum of all', async () => {
    const run = await runOfficeAtLivePace({ installs: 3, requestsEach: 40 })
    console.log(`three installs: ${JSON.stringify({ ...run, views: undefined })}`)

    expect(run.views.map((view) => [view.slot, view.of])).toEqual([[0, 3], [1, 3], [2, 3]])
    expect(run.synced).toBe(120)
    expect(run.payrollInserts).toBe(120)
    expect(run.turnedAway).toEqual([])
    expect(run.http429).toBe(0)
    // 120 requests, none closer than a second to the previous: at least 119 seconds from first to last.
    expect((run.requests - 1) / (run.answerSpanMs / 1000)).toBeLessThanOrEqual(1)
    // Every request an install spent is in the office's count (a 429'd one too: it reached payroll).
    expect(run.officeCount).toBe(run.perInstall.reduce((sum, count) => sum + count, 0))
    expect(run.officeCount).toBe(run.insertsArrived)
  }, 400_000)
})
