import type { CachedEmployee } from '../../../renderer/src/db/records'
import type { DraftContent, DraftItem } from '../../../renderer/src/drafts/draftContent'
import { addDays, datesInRange, weekdayOf } from '../../../shared/calendarDate'
import { BENCH_EMPLOYEE_IDS, BENCH_FILE_ID, BENCH_PAY_ITEM_IDS, benchMarker } from './benchDrafts'

/**
 * A clerk's years on one computer, as the scale figures store them: a file of HISTORY_EMPLOYEES people
 * over HISTORY_YEARS years, requests typed roughly in date order, mostly one day, some a week or more,
 * a few near the 64-day limit. About one employee in 37 is away on a given day, as in real payroll.
 * A few typing slips are kept in, as a real history has them: one request in DUPLICATE_EVERY repeats the
 * one before it exactly (same person, type and dates), so the duplicate checks have something to find.
 * (The earlier bench put 100,000 one-day requests on 24 people and 40 days: ~830 a person a day.)
 */
export const HISTORY_EMPLOYEES = 1_000
export const HISTORY_YEARS = 10
const HISTORY_FIRST_DAY = '2017-01-02'
const HISTORY_DAYS = Math.round(HISTORY_YEARS * 365.25)
const DUPLICATE_EVERY = 500
/** A step coprime with HISTORY_EMPLOYEES: consecutive requests belong to scattered people, each one visited once a round. */
const EMPLOYEE_STEP = 7_919

const FIRST_NAMES = ['Olivia', 'Jack', 'Charlotte', 'Noah', 'Amelia', 'William', 'Isla', 'Leo', 'Mia', 'Henry', 'Ava', 'Oliver', 'Grace', 'Lucas', 'Chloe', 'Thomas', 'Zoe', 'James', 'Ruby', 'Ethan', 'Ella', 'Samuel', 'Sophie', 'Harrison', 'Aria', 'Max', 'Lily', 'Archie', 'Evie', 'Hudson', 'Matilda', 'Oscar', 'Sienna', 'Harvey', 'Willow', 'Cooper', 'Ivy', 'Charlie', 'Hazel', 'Xavier']
const LAST_NAMES = ['Nguyen', 'Smith', 'Williams', 'Brown', 'Jones', 'Taylor', 'Wilson', 'Martin', 'Anderson', 'Thomas', 'White', 'Harris', 'Lee', 'Walker', 'Hall', 'Allen', 'Young', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Campbell']

/** The file's employees: the sandbox's 24 demo people first (so payroll and the names cache know them), then the rest. */
export function historyEmployeeId(position: number): number {
  return position < BENCH_EMPLOYEE_IDS.length ? (BENCH_EMPLOYEE_IDS[position] as number) : 20_000 + position
}

/** Names for the employees the sandbox does not have, for the reference cache (the list and search show names). */
export function historyExtraEmployees(): CachedEmployee[] {
  return Array.from({ length: HISTORY_EMPLOYEES - BENCH_EMPLOYEE_IDS.length }, (_, i) => {
    const position = BENCH_EMPLOYEE_IDS.length + i
    const firstName = FIRST_NAMES[position % FIRST_NAMES.length] as string
    const lastName = LAST_NAMES[Math.floor(position / FIRST_NAMES.length) % LAST_NAMES.length] as string
    return { fileId: BENCH_FILE_ID, id: historyEmployeeId(position), firstName, lastName, displayName: `${firstName} ${lastName}`, isActive: position % 9 !== 0, leaveBalances: [] }
  })
}

/** Calendar days a request lasts: mostly one, some a few, a week or two, rarely up to the 64-day limit. */
function spanDays(n: number): number {
  const roll = (n * 37) % 100
  if (roll < 65) return 1
  if (roll < 85) return 2 + (n % 4)
  if (roll < 97) return 7 + (n % 8)
  return 21 + (n % 43)
}

/** The `n`-th of `count` history requests, with the same marker in Notes as every bench draft. */
export function benchHistoryContent(runTag: string, n: number, count: number): DraftContent {
  const source = n % DUPLICATE_EVERY === DUPLICATE_EVERY - 1 && n > 0 ? n - 1 : n
  const employeeId = historyEmployeeId((source * EMPLOYEE_STEP) % HISTORY_EMPLOYEES)
  // Roughly in date order (a clerk types leave as it comes), up to three weeks ahead of the typing.
  let startDate = addDays(HISTORY_FIRST_DAY, Math.floor((source * HISTORY_DAYS) / count) + ((source * 13) % 21))
  while (weekdayOf(startDate) === 0 || weekdayOf(startDate) === 6) startDate = addDays(startDate, 1)
  const endDate = addDays(startDate, spanDays(source) - 1)
  const hours = source % 7 === 0 ? 3.8 : 7.6
  const items: DraftItem[] = datesInRange(startDate, endDate)
    .filter((date) => weekdayOf(date) !== 0 && weekdayOf(date) !== 6)
    .map((date) => ({ date, hours, isPaid: true }))
  return {
    employeeId,
    leaveTypePayItemId: BENCH_PAY_ITEM_IDS[(source * 3) % 7 < 4 ? 0 : (source % (BENCH_PAY_ITEM_IDS.length - 1)) + 1] as number,
    startDate,
    endDate,
    leaveStatus: n % 3 === 0 ? 'Pending' : 'Approved',
    notes: `Family matters, ref ${benchMarker(runTag, n)}`,
    items
  }
}
