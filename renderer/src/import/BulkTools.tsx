import { useLiveQuery } from 'dexie-react-hooks'
import { useCallback, useMemo, useRef, useState } from 'react'
import type { ImportError } from '../../../shared/import'
import { useAppServices } from '../app/AppServicesContext'
import { DRAFT_STATUSES } from '../drafts/draftStatus'
import { balancesCsv } from '../export/balancesCsv'
import { downloadTextFile, exportFileName } from '../export/downloadFile'
import { requestsCsv } from '../export/requestsCsv'
import { currentColleagueExportRows } from '../team/colleagueExportRows'
import { teamAsOf } from '../team/teamStatusStore'
import { defaultDateFormatFor } from '../../../shared/import'
import type { ReferenceData } from '../reference/useReferenceData'
import { useUiStore } from '../state/uiStore'
import { ImportDialog } from './ImportDialog'
import { ImportErrorDialog } from './ImportErrorDialog'
import { importConflictCheck } from './importConflicts'
import { ListMenu, type ListMenuEntry } from '../list/ListMenu'
import { ManyDialog } from './ManyDialog'
import { openSheet, type OpenedSheet } from './openSheet'
import type { FindConflicts } from './previewRows'
import { usePasteToImport } from './usePasteToImport'

type Open = { kind: 'import'; opened: OpenedSheet } | { kind: 'error'; error: ImportError; fileName?: string } | { kind: 'many' } | null

/**
 * Bulk work on the drafts screen: import a file, paste cells, one leave for many employees, and the CSV
 * exports, as the first group of the list's menu (ListMenu); `moreGroups` are the entries others add to
 * that menu (the drafts' bulk decisions). `findConflicts` is the seam for the duplicate/overlap check; by
 * default the safeguards' shared check against this file's requests (importConflicts.ts).
 */
export function BulkTools(props: { fileId: number; reference: ReferenceData; findConflicts?: FindConflicts; moreGroups?: readonly (readonly ListMenuEntry[])[] }) {
  const { repo } = useAppServices()
  const [open, setOpen] = useState<Open>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const { reference, fileId } = props
  const leaveTypesById = reference.leaveTypesById
  const businessName = useLiveQuery(async () => (await repo.db.referenceMeta.get([fileId, 'fileIdentity']))?.name, [repo, fileId])
  const findConflicts = useMemo(
    () => props.findConflicts ?? importConflictCheck(repo.db, fileId, (id) => (id === undefined ? 'leave' : (leaveTypesById.get(id)?.name ?? 'leave'))),
    [props.findConflicts, repo.db, fileId, leaveTypesById]
  )

  const openInput = useCallback(
    async (input: Parameters<typeof openSheet>[0]) => {
      const opened = await openSheet(input, reference, { fallbackDateFormat: defaultDateFormatFor(navigator.language) })
      setOpen(opened.ok ? { kind: 'import', opened: opened.value } : { kind: 'error', error: opened.error, ...(input.kind === 'file' ? { fileName: input.fileName } : {}) })
    },
    [reference]
  )
  const onPastedCells = useCallback((text: string) => void openInput({ kind: 'paste', text }), [openInput])
  usePasteToImport(onPastedCells, open === null && reference.loaded)

  async function onFileChosen(file: File | undefined) {
    if (!file) return
    await openInput({ kind: 'file', fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })
  }

  async function exportRequests() {
    const [drafts, history] = await Promise.all([repo.listDrafts(fileId, { status: DRAFT_STATUSES, order: 'created' }), repo.listSyncHistory(fileId)])
    const colleagues = currentColleagueExportRows(reference.employeesById, teamAsOf())
    downloadTextFile(
      exportFileName('leave requests', { fileId, name: businessName }, Date.now()),
      requestsCsv(drafts, history, reference.employeesById, reference.leaveTypesById, colleagues)
    )
    useUiStore.getState().showToast({ message: `Exported ${drafts.length} request${drafts.length === 1 ? '' : 's'} to CSV.`, tone: 'info' })
  }

  function exportBalances() {
    downloadTextFile(exportFileName('leave balances', { fileId, name: businessName }, Date.now()), balancesCsv(reference.employees, reference.asOf))
    useUiStore.getState().showToast({ message: 'Exported the leave balances to CSV.', tone: 'info' })
  }

  const bulkWork: ListMenuEntry[] = [
    { id: 'import-file', label: 'Import file…', run: () => fileInput.current?.click(), disabled: !reference.loaded },
    { id: 'one-for-many', label: 'One leave for many…', run: () => setOpen({ kind: 'many' }), disabled: !reference.loaded }
  ]
  const exports: ListMenuEntry[] = [
    { id: 'export-requests', label: 'Export requests', run: () => void exportRequests() },
    { id: 'export-balances', label: 'Export balances', run: exportBalances, disabled: reference.asOf === undefined }
  ]

  return (
    <>
      <ListMenu label="More" groups={[bulkWork, ...(props.moreGroups ?? []), exports]} />
      <input
        ref={fileInput}
        type="file"
        hidden
        accept=".csv,.tsv,.txt,.xlsx,text/csv,text/tab-separated-values,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        aria-label="Spreadsheet to import"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          void onFileChosen(file)
        }}
      />
      {open?.kind === 'import' && (
        <ImportDialog fileId={fileId} opened={open.opened} reference={reference} onClose={() => setOpen(null)} findConflicts={findConflicts} />
      )}
      {open?.kind === 'error' && <ImportErrorDialog error={open.error} fileName={open.fileName} onClose={() => setOpen(null)} />}
      {open?.kind === 'many' && (
        <ManyDialog fileId={fileId} reference={reference} onClose={() => setOpen(null)} findConflicts={findConflicts} />
      )}
    </>
  )
}
