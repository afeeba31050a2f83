import type { DraftContent } from '../../../renderer/src/drafts/draftContent'

/**
 * The drafts every bench figure uses, built the same way in the page (to queue them) and in Node (to
 * post the same payloads raw). Demo employees and leave types of file 1001, so payroll accepts them;
 * each carries a marker in its Notes, so the records of one run can be counted in the sandbox.
 */
export const BENCH_FILE_ID = 1001
/** The sandbox's demo employees of file 1001 and its leave pay items. */
export const BENCH_EMPLOYEE_IDS: readonly number[] = Array.from({ length: 24 }, (_, i) => 6001 + i)
export const BENCH_PAY_ITEM_IDS: readonly number[] = [101, 102, 103, 104, 105]

/** Markers of one run share a prefix that no other run uses. */
export function benchMarker(runTag: string, n: number): string {
  return `${markerPrefix(runTag)}${n}`
}

export function markerPrefix(runTag: string): string {
  return `BENCH-${runTag}-`
}

/** Draft `n` of a run: one day of leave, employees taken round-robin as a clerk's typing interleaves them. */
export function benchDraftContent(runTag: string, n: number, employeeCount = BENCH_EMPLOYEE_IDS.length): DraftContent {
  const employeeId = BENCH_EMPLOYEE_IDS[n % Math.min(employeeCount, BENCH_EMPLOYEE_IDS.length)] as number
  const day = new Date(Date.UTC(2026, 2, 2) + (n % 40) * 7 * 86_400_000 + (n % 5) * 86_400_000).toISOString().slice(0, 10)
  return {
    employeeId,
    leaveTypePayItemId: BENCH_PAY_ITEM_IDS[n % BENCH_PAY_ITEM_IDS.length] as number,
    startDate: day,
    endDate: day,
    leaveStatus: n % 3 === 0 ? 'Pending' : 'Approved',
    notes: `Family matters, ref ${benchMarker(runTag, n)}`,
    items: [{ date: day, hours: 7.6, isPaid: true }]
  }
}
