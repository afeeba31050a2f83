import type { CachedEmployee } from '../db'
import { localDateTime } from '../export/localTimes'
import type { CsvCell } from '../export/toCsv'
import { employmentTypeOf, payGroupName } from '../reference/employeeDetails'
import { pageTeamLedgerStore } from './pageTeamLedger'
import type { LedgerRequest } from './teamRequestIndex'

/**
 * Colleagues' requests as rows of the requests export (export/requestsCsv.ts's columns), after this
 * computer's own: the status says who entered it and that it came from the team ("In payroll, entered by
 * ana at ANA-PC (team as of 10:14)"); attempts, errors and import source are this computer's only, so empty.
 */
export function colleagueExportRows(
  requests: Iterable<LedgerRequest>,
  myInstallId: string,
  employeesById: ReadonlyMap<number, CachedEmployee>,
  teamAsOf: number | undefined
): CsvCell[][] {
  const freshness = teamAsOf === undefined ? 'team' : `team as of ${localDateTime(teamAsOf)}`
  const rows: CsvCell[][] = []
  for (const request of requests) {
    if (request.enteredBy.installId === myInstallId) continue
    const employee = employeesById.get(request.employeeId)
    const where = request.state === 'uncertain' ? 'May be in payroll' : 'In payroll'
    rows.push([
      request.employeeName,
      request.employeeId,
      payGroupName(employee),
      employmentTypeOf(employee),
      request.leaveTypeName,
      request.startDate,
      request.endDate,
      Math.round(request.items.reduce((sum, item) => sum + item.hours, 0) * 100) / 100,
      request.leaveStatus,
      request.notes ?? '',
      `${where}, entered by ${request.enteredBy.clerkName} (${freshness})`,
      request.serverId ?? '',
      '',
      '',
      localDateTime(request.enteredAt),
      ''
    ])
  }
  return rows.sort((a, b) => String(a[5]).localeCompare(String(b[5])))
}

/** The open ledger's colleague rows for the export, or none without a team server. */
export function currentColleagueExportRows(employeesById: ReadonlyMap<number, CachedEmployee>, teamAsOf: number | undefined): CsvCell[][] {
  const current = pageTeamLedgerStore.getState().current
  if (!current) return []
  return colleagueExportRows(current.ledger.requests.store.getState().byId.values(), current.ledger.databases.me.installId, employeesById, teamAsOf)
}
