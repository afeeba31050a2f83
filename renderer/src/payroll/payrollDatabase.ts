import type { BackendInfo } from '../../../shared/ipc'
import { payrollAddressKey } from '../../../shared/payrollAddress'
import { payrollKeyOf as sharedPayrollKeyOf, PRACTICE_PAYROLL } from '../../../shared/ipc/writesInFlight'
import { DEFAULT_DB_NAME } from '../db'

/**
 * Drafts belong to the payroll they were written for: one IndexedDB database per payroll (Practice, or
 * one remote address), each holding that payroll's drafts, queue, sync history, attempts and reference
 * data per file. The queue only ever sees the database that is open, so a draft written for one payroll
 * can never be posted to another, and no schema change was needed to get there.
 *
 * The database of earlier releases ('leave-desk') keeps its name and stays with the payroll it was
 * written for: Practice, or the remote address the settings named then (`firstDatabaseAddress`).
 */

/** 'practice' for the embedded sandbox, else the remote address in its one spelling (shared/payrollAddress.ts). */
export type PayrollKey = 'practice' | string

export const PRACTICE: PayrollKey = PRACTICE_PAYROLL
const PRACTICE_DB_NAME = `${DEFAULT_DB_NAME}-practice`
const REMOTE_DB_PREFIX = `${DEFAULT_DB_NAME}@`

/** The one rule main's write check shares (shared/ipc/writesInFlight.ts). */
export function payrollKeyOf(backend: BackendInfo): PayrollKey {
  return sharedPayrollKeyOf(backend)
}

export function databaseNameFor(payroll: PayrollKey, firstDatabaseAddress: string | null): string {
  if (payroll === (firstDatabaseAddress ?? PRACTICE)) return DEFAULT_DB_NAME
  return ownDatabaseName(payroll)
}

/** The database named after the payroll alone: where its drafts go when the first database is not its. */
export function ownDatabaseName(payroll: PayrollKey): string {
  return payroll === PRACTICE ? PRACTICE_DB_NAME : `${REMOTE_DB_PREFIX}${payroll}`
}

/** The payroll a database name belongs to, or null for a database that is not a drafts database. */
export function payrollOfDatabase(name: string, firstDatabaseAddress: string | null): PayrollKey | null {
  if (name === DEFAULT_DB_NAME) return firstDatabaseAddress ?? PRACTICE
  if (name === PRACTICE_DB_NAME) return PRACTICE
  // Named by an earlier spelling of the address ('leave-desk@https://API.saasu.com:443/'): the same payroll.
  if (name.startsWith(REMOTE_DB_PREFIX) && name.length > REMOTE_DB_PREFIX.length) return payrollAddressKey(name.slice(REMOTE_DB_PREFIX.length))
  return null
}

/** How a payroll is named on screen. */
export function payrollLabel(payroll: PayrollKey): string {
  if (payroll === PRACTICE) return 'Practice payroll'
  try {
    return new URL(payroll).host
  } catch {
    return payroll
  }
}
