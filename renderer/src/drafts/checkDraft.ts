import type { FieldIssue } from '../../../shared/apiSchemas'
import type { CalendarDate } from '../../../shared/calendarDate'
import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'
import { checkLeaveRequest } from '../../../shared/leaveRules'
import { err, ok, type Result } from '../../../shared/result'
import type { DraftContent } from './draftContent'
import { draftToLeaveRequest } from './draftToLeaveRequest'
import { toEditorField } from './editorFields'

/** Messages for fields the clerk has simply not filled yet, in the editor's words. */
const MISSING: readonly { field: string; isMissing: (d: DraftContent) => boolean; message: string }[] = [
  { field: 'employeeId', isMissing: (d) => d.employeeId === undefined, message: 'Choose an employee.' },
  { field: 'leaveTypePayItemId', isMissing: (d) => d.leaveTypePayItemId === undefined, message: 'Choose a leave type.' },
  { field: 'startDate', isMissing: (d) => d.startDate === '', message: 'Enter a start date.' },
  { field: 'endDate', isMissing: (d) => d.endDate === '', message: 'Enter an end date.' }
]

/**
 * The body the draft is posted as, checked by the shared rules once; or every issue, named by the
 * editor's field. The queue builds it while claiming the draft, so a request is checked once per send.
 */
export function buildRequestBody(
  draft: DraftContent,
  offsetMinutesOf: (date: CalendarDate) => number
): Result<LeaveRequestInsert, FieldIssue[]> {
  const result = checkLeaveRequest(draftToLeaveRequest(draft, offsetMinutesOf))
  if (result.ok) return ok(result.value)
  const missing = MISSING.filter((rule) => rule.isMissing(draft))
  const missingFields = new Set(missing.map((rule) => rule.field))
  const ruleIssues = result.error
    .map((issue) => ({ field: toEditorField(issue.field), message: issue.message }))
    .filter((issue) => !missingFields.has(issue.field))
  return err([...missing.map(({ field, message }) => ({ field, message })), ...ruleIssues])
}

/**
 * The shared rules applied to a draft, with every issue named by the editor's field. Empty when the draft
 * can be queued. The offset does not matter here: the rules read the calendar date as written.
 */
export function checkDraft(draft: DraftContent): FieldIssue[] {
  const built = buildRequestBody(draft, () => 0)
  return built.ok ? [] : built.error
}
