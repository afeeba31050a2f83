import type { DraftContent } from '../../../renderer/src/drafts/draftContent'
import type { DraftsRepository } from '../../../renderer/src/db/draftsRepository'

/**
 * Queued drafts for the sandbox's demo files, each carrying a unique marker in its Notes so the record
 * payroll stores can be matched back to the draft it came from.
 */
export const FILE_1001 = { fileId: 1001, employees: range(6001, 24), payItems: range(101, 5) }
export const FILE_1002 = { fileId: 1002, employees: range(7001, 24), payItems: range(201, 5) }

export interface DemoDraft {
  id: string
  seq: number
  fileId: number
  employeeId: number
  marker: string
  /** The content as the clerk typed it: it must come out of the queue unchanged. */
  content: DraftContent
}

export interface DemoEmployee {
  fileId: number
  employeeId: number
  payItemId: number
}

let runCounter = 0

/**
 * `perEmployee` queued drafts for each employee, created round-robin (first request of everyone, then the
 * second, …) so creation order interleaves employees as a clerk's typing would.
 */
export async function queueDemoDrafts(repo: DraftsRepository, employees: readonly DemoEmployee[], perEmployee: number): Promise<DemoDraft[]> {
  const tag = `${process.pid}x${(runCounter += 1)}`
  const drafts: DemoDraft[] = []
  for (let round = 0; round < perEmployee; round += 1) {
    for (const employee of employees) {
      const n = drafts.length
      const content = demoContent(employee, n, `SYNCTEST-${tag}-${n}`)
      const created = await repo.createDraft(employee.fileId, content)
      const queued = await repo.queueDraft(created.id)
      if (!queued.ok) throw new Error(`Could not queue demo draft ${n}: ${queued.error.message}`)
      drafts.push({ id: created.id, seq: created.seq, fileId: employee.fileId, employeeId: employee.employeeId, marker: `SYNCTEST-${tag}-${n}`, content })
    }
  }
  return drafts
}

/** The first `count` employees of a file, each with a leave type of that file. */
export function employeesOf(file: typeof FILE_1001, count = file.employees.length): DemoEmployee[] {
  return file.employees.slice(0, count).map((employeeId, i) => ({
    fileId: file.fileId,
    employeeId,
    payItemId: file.payItems[i % file.payItems.length] as number
  }))
}

const MARKER = /SYNCTEST-[0-9x]+-\d+/

export function markerIn(notes: string): string | undefined {
  return MARKER.exec(notes)?.[0]
}

/** One approved day of leave on a weekday that varies with `n`. */
function demoContent(employee: DemoEmployee, n: number, marker: string): DraftContent {
  const day = new Date(Date.UTC(2026, 2, 2) + (n % 20) * 7 * 86_400_000 + (n % 5) * 86_400_000).toISOString().slice(0, 10)
  return {
    employeeId: employee.employeeId,
    leaveTypePayItemId: employee.payItemId,
    startDate: day,
    endDate: day,
    leaveStatus: n % 3 === 0 ? 'Pending' : 'Approved',
    notes: `Family matters, ref ${marker}`,
    items: [{ date: day, hours: 7.6, isPaid: true }]
  }
}

function range(first: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => first + i)
}
