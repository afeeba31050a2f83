import { useEffect, useMemo, useState } from 'react'
import type { ColumnMapping, DateFormat } from '../../../shared/import'
import type { DraftSource, DraftToImport } from '../db'
import type { DayRules } from '../safeguards/dayRules'
import type { OpenedSheet } from './openSheet'
import { previewRows, withConflicts, type FindConflicts, type ImportReference, type PreviewRow } from './previewRows'
import { rememberMapping } from './rememberedMappings'

/**
 * One import being set up: the clerk's choices (header row, columns, date order, who each unclear name
 * is), the preview they give, and which rows the clerk has set aside. Rows start ticked; a row with a
 * problem cannot be imported until it is fixed (by a choice here) or unticked ("Skip"), and a row the
 * conflicts check flags starts unticked, so nothing is imported twice without the clerk choosing it.
 */
export function useImportSession(
  opened: OpenedSheet,
  reference: ImportReference,
  rules: DayRules,
  findConflicts: FindConflicts | undefined
) {
  const [setup, setSetup] = useState(opened.setup)
  const [dateFormatCertain, setDateFormatCertain] = useState(opened.dateFormatCertain)
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set())
  const checked = useMemo(() => previewRows(setup, reference, rules), [setup, reference, rules])
  const [rows, setRows] = useState<PreviewRow[]>(checked)

  useEffect(() => {
    let current = true
    setRows(checked)
    void withConflicts(checked, findConflicts).then((withFound) => {
      if (!current) return
      setRows(withFound)
      const flagged = withFound.filter((row) => row.conflicts.length > 0).map((row) => row.rowNumber)
      if (flagged.length > 0) setSkipped((before) => new Set([...before, ...flagged]))
    })
    return () => {
      current = false
    }
  }, [checked, findConflicts])

  const included = rows.filter((row) => !skipped.has(row.rowNumber))
  const blocking = included.filter((row) => row.problems.length > 0)
  const questions = uniqueQuestions(rows)

  return {
    setup,
    rows,
    skipped,
    dateFormatCertain,
    included,
    blocking,
    questions,
    canImport: included.length > 0 && blocking.length === 0,
    setHasHeader: (hasHeader: boolean) => setSetup((s) => ({ ...s, hasHeader })),
    setColumn: (field: keyof ColumnMapping, column: number | undefined) =>
      setSetup((s) => {
        const mapping: ColumnMapping = { ...s.mapping }
        if (column === undefined) delete mapping[field]
        else mapping[field] = column
        return { ...s, mapping }
      }),
    setDateFormat: (dateFormat: DateFormat) => {
      setDateFormatCertain(true)
      setSetup((s) => ({ ...s, dateFormat }))
    },
    answer: (key: string, employeeId: number | undefined) =>
      setSetup((s) => {
        const answers = new Map(s.employeeAnswers)
        if (employeeId === undefined) answers.delete(key)
        else answers.set(key, employeeId)
        return { ...s, employeeAnswers: answers }
      }),
    setSkipped: (rowNumber: number, skip: boolean) =>
      setSkipped((before) => {
        const next = new Set(before)
        if (skip) next.add(rowNumber)
        else next.delete(rowNumber)
        return next
      }),
    skipRowsWithProblems: () => setSkipped((before) => new Set([...before, ...rows.filter((r) => r.problems.length > 0).map((r) => r.rowNumber)])),
    /** The drafts to create, and the mapping remembered for the next file laid out like this one. */
    accept(): DraftToImport[] {
      if (opened.source.kind === 'file') rememberMapping(opened.layout, setup.mapping)
      return included.map((row) => ({ content: row.content, source: sourceOf(opened, row.rowNumber) }))
    }
  }
}

export type ImportSession = ReturnType<typeof useImportSession>

function sourceOf(opened: OpenedSheet, row: number): DraftSource {
  return opened.source.kind === 'file' ? { kind: 'file', fileName: opened.source.fileName, row } : { kind: 'paste', row }
}

function uniqueQuestions(rows: readonly PreviewRow[]) {
  const byKey = new Map<string, NonNullable<PreviewRow['question']> & { rows: number[] }>()
  for (const row of rows) {
    if (!row.question) continue
    const known = byKey.get(row.question.key)
    if (known) known.rows.push(row.rowNumber)
    else byKey.set(row.question.key, { ...row.question, rows: [row.rowNumber] })
  }
  return [...byKey.values()]
}
