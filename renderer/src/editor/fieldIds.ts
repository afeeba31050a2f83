import type { VisibleIssues } from './visibleIssues'

/** DOM ids for an editor field ('items.2.hours' → 'field-items-2-hours') and for its messages. */
export const fieldId = (field: string) => `field-${field.replace(/\./g, '-')}`
export const issueId = (field: string) => `issue-${field.replace(/\./g, '-')}`

/**
 * The ARIA wiring of a control to the rules' messages about it: aria-invalid while any, and
 * aria-describedby naming the message (plus any hint the field always has).
 */
export function issueAria(field: string, issues: VisibleIssues, hintId?: string) {
  const invalid = (issues.byField.get(field)?.length ?? 0) > 0
  const describedBy = [invalid ? issueId(field) : undefined, hintId].filter(Boolean).join(' ')
  return {
    'aria-invalid': invalid ? (true as const) : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy
  }
}
