export { leaveDays, type DayRule, type HoursChoice, type LeaveDays, type LeaveDaysRequest } from './leaveDays'
export { isUnpaidLeaveType } from './leaveTypePay'
export { linesChangedByClerk, linesOutsideRange, missingWorkingDays, refitLines, type FittingRequest } from './lineFitting'
