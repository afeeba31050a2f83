import type { FieldIssue } from './apiSchemas'
import type { Result } from './result'
import { calendarDateOf, dayInWords, daysBetween, timestampOf, type CalendarDate } from './calendarDate'
import { isXmlChar } from './codecs/xmlEntities'
import {
  leaveRequestInsertSchema,
  leaveRequestUpdateSchema,
  type LeaveRequestInsert,
  type LeaveRequestItem,
  type LeaveRequestUpdate
} from './leaveRequestSchema'

/**
 * The rules of spec §4.1, one implementation for the editor, the sync queue and the sandbox.
 *
 * The span rule: EndDate − StartDate counted in calendar days must be at most MAX_LEAVE_SPAN_DAYS.
 * So 1 March → 3 May (63 days later) is allowed and 1 March → 4 May is not. We read "3 months (63 days)"
 * as a distance between dates rather than a count of days taken, because that is how the spec states it
 * ("EndDate >= StartDate, and the span is at most 63 days"), and the distance form is the more lenient
 * reading, so a request the server accepts is never blocked here.
 */
export const MAX_LEAVE_SPAN_DAYS = 63

/** Fields the server sets. Real SDKs send them as null; null or empty means "not supplied". */
const READ_ONLY_FIELDS = ['Id', 'CreatedDateUtc', 'TotalHours'] as const

export type RuleResult<T> = Result<T, FieldIssue[]>

export function checkLeaveRequest(input: unknown): RuleResult<LeaveRequestInsert> {
  return check(input, 'insert') as RuleResult<LeaveRequestInsert>
}

export function checkLeaveRequestUpdate(input: unknown): RuleResult<LeaveRequestUpdate> {
  return check(input, 'update') as RuleResult<LeaveRequestUpdate>
}

function check(input: unknown, mode: 'insert' | 'update'): RuleResult<LeaveRequestInsert | LeaveRequestUpdate> {
  if (!isPlainObject(input)) {
    return { ok: false, error: [{ field: '', message: 'The body must be a leave request.' }] }
  }
  // On update, read-only fields are echoes of what a client read (read-modify-write): ignored, not refused.
  // The caller checks that an echoed Id is the record's own.
  const issues = mode === 'insert' ? readOnlyIssues(input) : []
  const schema = mode === 'insert' ? leaveRequestInsertSchema : leaveRequestUpdateSchema
  const cleaned = withoutEmptyOptionals(input)
  const parsed = schema.safeParse(cleaned)
  const shapeIssues = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }))
  // Cross-field rules run on whatever is well-typed, so the editor shows every problem at once; a field
  // that already has a shape problem gets no second message.
  const flagged = new Set(shapeIssues.map((issue) => issue.field))
  const crossIssues = [...crossFieldIssues(looseView(cleaned)), ...textIssues(cleaned, mode)].filter((issue) => !flagged.has(issue.field))
  issues.push(...shapeIssues, ...crossIssues)
  if (issues.length > 0 || !parsed.success) return { ok: false, error: dedupe(issues) }
  return { ok: true, value: parsed.data }
}

type LooseRequest = { StartDate?: string; EndDate?: string; Status?: unknown; Items: (LeaveRequestItem | null)[] }

function looseView(input: Record<string, unknown>): LooseRequest {
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
  const items = Array.isArray(input.Items) ? input.Items : []
  return {
    StartDate: str(input.StartDate),
    EndDate: str(input.EndDate),
    Status: input.Status,
    Items: items.map((item) =>
      isPlainObject(item) && typeof item.Date === 'string'
        ? { Date: item.Date, Hours: 0, LineNumber: typeof item.LineNumber === 'number' ? item.LineNumber : undefined }
        : null
    )
  }
}

function readOnlyIssues(input: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = []
  for (const field of READ_ONLY_FIELDS) {
    if (isSupplied(input[field])) {
      issues.push({ field, message: `${field} is set by the server and must not be sent.` })
    }
  }
  if (isSupplied(input._links)) {
    issues.push({ field: '_links', message: '_links is only returned by the server and must not be sent.' })
  }
  const items = input.Items
  if (Array.isArray(items)) {
    items.forEach((item, index) => {
      if (isPlainObject(item) && isSupplied(item.ProcessedInPayRunId)) {
        issues.push({
          field: `Items.${index}.ProcessedInPayRunId`,
          message: 'ProcessedInPayRunId is set by a pay run and must not be sent.'
        })
      }
    })
  }
  return issues
}

/**
 * XML 1.0 cannot carry most control characters, so a note holding one could not travel the same in both
 * formats: it is refused in both, in words, rather than changed on the way.
 */
function textIssues(input: Record<string, unknown>, mode: 'insert' | 'update'): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (typeof input.Notes === 'string') {
    const bad = [...input.Notes].find((char) => !isXmlChar(char.codePointAt(0) ?? 0))
    if (bad !== undefined) {
      const code = (bad.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
      issues.push({ field: 'Notes', message: `Notes contain a control or invalid character (U+${code}) that payroll cannot store; remove it.` })
    }
  }
  const read = input.LastModifiedDateUtc
  if (mode === 'update' && typeof read === 'string' && read !== '' && timestampOf(read) === null) {
    issues.push({ field: 'LastModifiedDateUtc', message: 'LastModifiedDateUtc is not a date-time (send the value read from payroll, unchanged).' })
  }
  return issues
}

function crossFieldIssues(request: LooseRequest): FieldIssue[] {
  const issues: FieldIssue[] = []
  const start = request.StartDate === undefined ? null : calendarDateOf(request.StartDate)
  const end = request.EndDate === undefined ? null : calendarDateOf(request.EndDate)
  if (request.StartDate !== undefined && !start) {
    issues.push({ field: 'StartDate', message: 'Start date is not a valid date (use YYYY-MM-DD).' })
  }
  if (request.EndDate !== undefined && !end) {
    issues.push({ field: 'EndDate', message: 'End date is not a valid date (use YYYY-MM-DD).' })
  }
  if (start && end) {
    const span = daysBetween(start, end)
    if (span < 0) {
      issues.push({ field: 'EndDate', message: 'End date must be on or after the start date.' })
    } else if (span > MAX_LEAVE_SPAN_DAYS) {
      issues.push({
        field: 'EndDate',
        // A clerk counts both the first and the last day: End − Start ≤ 63 is "at most 64 calendar days".
        message: `Leave can cover at most ${MAX_LEAVE_SPAN_DAYS + 1} calendar days, first and last day included (about 3 months); this one covers ${span + 1}.`
      })
    }
  }
  const items = request.Items
  if (request.Status === 'Approved' && items.length === 0) {
    issues.push({ field: 'Items', message: 'An approved request must come with its days: add them before approving it.' })
  }
  issues.push(...itemIssues(items, start, end))
  return issues
}

function itemIssues(items: (LeaveRequestItem | null)[], start: CalendarDate | null, end: CalendarDate | null): FieldIssue[] {
  const issues: FieldIssue[] = []
  const seenDates = new Map<CalendarDate, number>()
  const seenLines = new Set<number>()
  items.forEach((item, index) => {
    if (!item) return
    const date = calendarDateOf(item.Date)
    if (!date) {
      issues.push({ field: `Items.${index}.Date`, message: 'Date is not a valid date (use YYYY-MM-DD).' })
    } else {
      if (start && end && (date < start || date > end)) {
        issues.push({ field: `Items.${index}.Date`, message: `${dayInWords(date)} is outside the leave (${dayInWords(start)} to ${dayInWords(end)}).` })
      }
      const first = seenDates.get(date)
      if (first !== undefined) {
        issues.push({ field: `Items.${index}.Date`, message: `${dayInWords(date)} is already on line ${first + 1}.` })
      } else {
        seenDates.set(date, index)
      }
    }
    if (item.LineNumber !== undefined) {
      if (seenLines.has(item.LineNumber)) {
        issues.push({ field: `Items.${index}.LineNumber`, message: `Line number ${item.LineNumber} is used twice.` })
      }
      seenLines.add(item.LineNumber)
    }
  })
  return issues
}

/** TotalHours as the server computes it: the sum of the items' hours. */
export function totalHoursOf(items: readonly { Hours: number }[] | undefined): number {
  const sum = (items ?? []).reduce((total, item) => total + item.Hours, 0)
  return Math.round(sum * 100) / 100
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Copies go into objects without a prototype: a `__proto__` key in parsed JSON is an ordinary own key,
 * and `out[key] = value` on a normal object would make it the copy's prototype (whose fields zod then
 * reads as if they had been sent).
 */
function bareRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>
}

function isSupplied(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false
  if (Array.isArray(value)) return value.length > 0
  return true
}

/** SDKs send null for every property they do not set; for optional fields that means "absent". */
function withoutEmptyOptionals(input: Record<string, unknown>): Record<string, unknown> {
  const out = bareRecord()
  for (const [key, value] of Object.entries(input)) {
    if (value === null && (key === 'Notes' || key === 'Items' || key === 'LastModifiedDateUtc')) continue
    out[key] = key === 'Items' && Array.isArray(value) ? value.map(withoutNullItemFields) : value
  }
  for (const field of [...READ_ONLY_FIELDS, '_links']) delete out[field]
  return out
}

function withoutNullItemFields(item: unknown): unknown {
  if (!isPlainObject(item)) return item
  const out = bareRecord()
  for (const [key, value] of Object.entries(item)) {
    if (key === 'ProcessedInPayRunId') continue
    if (value === null && (key === 'LineNumber' || key === 'IsPaid')) continue
    out[key] = value
  }
  return out
}

function dedupe(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>()
  return issues.filter((issue) => {
    const key = `${issue.field}\u0000${issue.message}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
