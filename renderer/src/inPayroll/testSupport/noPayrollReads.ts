import type { PayrollApi } from '../payrollActions'

/** For tests of actions that never read payroll: a read fails the test loudly instead of passing quietly. */
export const noPayrollReads: PayrollApi = {
  getLeaveRequest: () => Promise.reject(new Error('This test does not expect Leave Desk to read payroll.'))
}
