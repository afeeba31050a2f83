import type { FieldIssue } from '../../../shared/apiSchemas'

/** The names a refusal is about, as the clerk knows them (from the cached employees and leave types). */
export interface RefusalNames {
  employeeName?: string | undefined
  leaveTypeName?: string | undefined
}

/**
 * Payroll's refusals in the clerk's words. Payroll names what it refuses by its own numbers ("Contact
 * 6099 is not an employee in file 1001"); a clerk knows the person by name and needs to hear what to do.
 * Issues on the other fields already come in plain words (the shared rules, the same the editor checks).
 * Takes editor field names (toEditorField), as the drafts store them.
 */
export function plainServerIssue(issue: FieldIssue, names: RefusalNames): FieldIssue {
  if (issue.field === 'employeeId') {
    const who = names.employeeName ? `${names.employeeName} as an employee` : 'the employee chosen'
    return {
      field: issue.field,
      message: `Payroll does not know ${who} in this file. Choose the employee again from the list (press Update now first if they were added recently).`
    }
  }
  if (issue.field === 'leaveTypePayItemId') {
    const what = names.leaveTypeName ?? 'the leave type chosen'
    return {
      field: issue.field,
      message: `Payroll does not offer ${what} in this file. Choose another leave type (press Update now first if it was added recently).`
    }
  }
  return issue
}

export function plainServerIssues(issues: readonly FieldIssue[] | undefined, names: RefusalNames): FieldIssue[] {
  return (issues ?? []).map((issue) => plainServerIssue(issue, names))
}
