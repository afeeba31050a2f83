/**
 * Whether a leave type is unpaid, from its name: payroll's entitlements list gives a pay item's name and
 * nothing about pay, and every payroll names its unpaid leave so ("Unpaid Leave", "Leave without pay",
 * "LWOP", "Unpaid parental leave"). Lines of an unpaid type are unpaid on every path; the clerk can still
 * tick a line paid.
 */
const UNPAID = /\bunpaid\b|\bwithout pay\b|\bno pay\b|\blwop\b/i

export function isUnpaidLeaveType(name: string | undefined): boolean {
  return name !== undefined && UNPAID.test(name)
}
