import type { FieldIssue } from '../../../shared/apiSchemas'
import type { DraftContent } from '../drafts/draftContent'

/**
 * Which messages the editor shows, and on which field. A field the clerk simply has not filled yet is
 * not an error while they are still working down the form: "Choose an employee" appears once they have
 * been to that field, or once they try to queue. Anything actually wrong (end before start, hours over
 * 24, the server's refusal) shows at once, wherever it is.
 */
export interface VisibleIssues {
  /** Messages by editor field ('endDate', 'items.2.hours', 'items.2' for a whole line, 'items'). */
  byField: ReadonlyMap<string, readonly string[]>
  /** Messages that name no field the editor shows; listed at the top of the form. */
  general: readonly string[]
}

export interface IssueSources {
  content: DraftContent
  /** checkDraft(content): the shared rules, by editor field. */
  ruleIssues: readonly FieldIssue[]
  /** The server's messages from the last attempt, already in editor names. */
  serverIssues: readonly FieldIssue[]
  touched: ReadonlySet<string>
  revealAll: boolean
}

const BLANK_CHECKS: Readonly<Record<string, (content: DraftContent) => boolean>> = {
  employeeId: (c) => c.employeeId === undefined,
  leaveTypePayItemId: (c) => c.leaveTypePayItemId === undefined,
  startDate: (c) => c.startDate === '',
  endDate: (c) => c.endDate === ''
}

const TOP_FIELDS = new Set(['employeeId', 'leaveTypePayItemId', 'startDate', 'endDate', 'leaveStatus', 'notes', 'items'])
const ITEM_FIELD = /^items\.(\d+)(\.(date|hours|isPaid))?$/

function isShownField(field: string, content: DraftContent): boolean {
  if (TOP_FIELDS.has(field)) return true
  const line = ITEM_FIELD.exec(field)
  return line !== null && Number(line[1]) < content.items.length
}

export function visibleIssues({ content, ruleIssues, serverIssues, touched, revealAll }: IssueSources): VisibleIssues {
  const byField = new Map<string, string[]>()
  const general: string[] = []
  const add = (field: string, message: string) => {
    if (!isShownField(field, content)) {
      if (!general.includes(message)) general.push(message)
      return
    }
    const messages = byField.get(field) ?? []
    if (!messages.includes(message)) byField.set(field, [...messages, message])
  }
  for (const issue of ruleIssues) {
    const notFilledYet = BLANK_CHECKS[issue.field]?.(content) ?? false
    if (!notFilledYet || revealAll || touched.has(issue.field)) add(issue.field, issue.message)
  }
  for (const issue of serverIssues) add(issue.field, issue.message)
  return { byField, general }
}
