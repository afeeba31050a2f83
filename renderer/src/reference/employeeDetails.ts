import type { CachedEmployee } from '../db'

/**
 * Who the employee is in payroll, in payroll's own words: the pay group they are assigned to and their
 * employment type (from `GET /Payroll/Employees`). Empty when payroll has none, or when the cached list was
 * fetched before the app read them: never guessed.
 */
export function payGroupName(employee: CachedEmployee | undefined): string {
  return employee?.payGroup?.name ?? ''
}

export function employmentTypeOf(employee: CachedEmployee | undefined): string {
  return employee?.employmentType ?? ''
}

/** 'Front of house · Full time', either part alone, or '' when payroll said neither. */
export function employeeDetailsLine(employee: CachedEmployee | undefined): string {
  return [payGroupName(employee), employmentTypeOf(employee)].filter(Boolean).join(' · ')
}
