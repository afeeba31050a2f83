import type { FieldIssue } from '../../../shared/apiSchemas'
import { checkLeaveRequest } from '../../../shared/leaveRules'
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
 * The shared rules applied to a draft, with every issue named by the editor's field. Empty when the draft
 * can be queued. The offset does not matter here: the rules read the calendar date as written.
 */
export function checkDraft(draft: DraftContent): FieldIssue[] {
  const result = checkLeaveRequest(draftToLeaveRequest(draft, () => 0))
  if (result.ok) return []
  const missing = MISSING.filter((rule) => rule.isMissing(draft))
  const missingFields = new Set(missing.map((rule) => rule.field))
  const ruleIssues = result.error
    .map((issue) => ({ field: toEditorField(issue.field), message: issue.message }))
    .filter((issue) => !missingFields.has(issue.field))
  return [...missing.map(({ field, message }) => ({ field, message })), ...ruleIssues]
}
