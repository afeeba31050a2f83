import { createElement } from 'react'
import { createRoot } from 'react-dom/client'
import { ImportDialog } from '../../../renderer/src/import/ImportDialog'
import { importConflictCheck } from '../../../renderer/src/import/importConflicts'
import { openSheet } from '../../../renderer/src/import/openSheet'
import { previewRows, withConflicts } from '../../../renderer/src/import/previewRows'
import { plainDayRules } from '../../../renderer/src/safeguards/dayRules'
import type { ReferenceData } from '../../../renderer/src/reference/useReferenceData'
import { AppServicesContext } from '../../../renderer/src/app/AppServicesContext'
import { BENCH_FILE_ID } from '../shared/benchDrafts'
import type { ImportPreviewRun } from './benchApi'
import { session } from './benchSession'
import { screenServices } from './benchWorkspace'
import { afterNextPaint, benchRoot, whenDom } from './pageDom'

const PAUSE_BETWEEN_RUNS_MS = 250

/**
 * The import preview of a `rows`-row CSV, timed as the clerk waits for it: from the file's bytes to the
 * preview dialog painted with every row in it (read, columns guessed, names matched, every row checked
 * by the shared rules, the dialog rendered). Names are the cached employees'; every 50th row names
 * nobody, so the preview has problems to show as a real file would.
 */
export async function importPreviews(runs: number, rows: number): Promise<ImportPreviewRun[]> {
  const { repo } = session()
  const [employees, leaveTypes] = await Promise.all([repo.listEmployees(BENCH_FILE_ID, { includeInactive: true }), repo.listLeaveTypes(BENCH_FILE_ID)])
  if (employees.length === 0 || leaveTypes.length === 0) throw new Error('Call cacheReferenceData first: the import matches names against the cache.')
  const reference: ReferenceData = {
    employees,
    employeesById: new Map(employees.map((e) => [e.id, e])),
    leaveTypes,
    leaveTypesById: new Map(leaveTypes.map((t) => [t.id, t])),
    asOf: Date.now(),
    loaded: true
  }
  const bytes = new TextEncoder().encode(csvOf(rows, employees.map((e) => e.displayName), leaveTypes.map((t) => t.name)))
  const services = screenServices()
  const container = benchRoot()
  const results: ImportPreviewRun[] = []
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now()
    const opened = await openSheet({ kind: 'file', fileName: 'bench.csv', bytes }, reference, { fallbackDateFormat: 'dmy' })
    if (!opened.ok) throw new Error(`The bench file did not open: ${opened.error.message}`)
    const readMs = performance.now() - started
    const root = createRoot(container as unknown as Element)
    root.render(
      createElement(
        AppServicesContext.Provider,
        { value: services },
        createElement(ImportDialog, { fileId: BENCH_FILE_ID, opened: opened.value, reference, onClose: () => undefined })
      )
    )
    // The dialog is up with its verdict: every row has been read and checked, and the rows in view drawn.
    await whenDom(container, () => container.querySelectorAll('.import-verdict').length === 1 && container.querySelectorAll('[data-testid="import-row"]').length > 0)
    await afterNextPaint()
    const ms = performance.now() - started
    // The duplicate/overlap check runs after the first paint (the rows show "Ready" until it answers); timed on its own.
    const checked = previewRows(opened.value.setup, reference, plainDayRules(7.6))
    const conflictsStarted = performance.now()
    await withConflicts(checked, importConflictCheck(repo.db, BENCH_FILE_ID, () => 'leave'))
    const conflictsMs = performance.now() - conflictsStarted
    results.push({ ms, readMs, conflictsMs, rowsDrawn: container.querySelectorAll('[data-testid="import-row"]').length, bytes: bytes.byteLength })
    root.unmount()
    await new Promise((resolve) => setTimeout(resolve, PAUSE_BETWEEN_RUNS_MS))
  }
  return results
}

function csvOf(rows: number, names: readonly string[], types: readonly string[]): string {
  const lines = ['Employee,Leave type,First day,Last day,Approval,Hours per day,Notes']
  for (let i = 0; i < rows; i += 1) {
    const name = i % 50 === 49 ? 'Nobody Known' : names[i % names.length]
    // Weekdays of 2026 (5 January is a Monday), so only the unknown names are problems.
    const week = Math.floor(i / 5) % 50
    const date = isoToDayFirst(addDaysIso('2026-01-05', week * 7 + (i % 5)))
    lines.push(`${name},${types[i % types.length]},${date},${date},Pending,7.6,bench row ${i + 1}`)
  }
  return lines.join('\r\n')
}

function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

function isoToDayFirst(date: string): string {
  const [y, m, d] = date.split('-')
  return `${d}/${m}/${y}`
}
