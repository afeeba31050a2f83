import { useState } from 'react'
import { encodingLabels, separatorLabels, type SheetOrigin } from '../../../shared/import'
import { useAppServices } from '../app/AppServicesContext'
import type { ReferenceData } from '../reference/useReferenceData'
import { useUiStore } from '../state/uiStore'
import { DaysRuleNote } from './DaysRuleNote'
import { ImportSetupPanel } from './ImportSetupPanel'
import { ModalDialog } from './ModalDialog'
import type { OpenedSheet } from './openSheet'
import { PreviewFooter } from './PreviewFooter'
import { PreviewTable } from './PreviewTable'
import type { FindConflicts } from './previewRows'
import { useImportSession } from './useImportSession'
import type { DayRules } from '../safeguards/dayRules'
import { useDayRulesOfSettings } from '../safeguards/useDayRules'

type ImportDialogProps = {
  fileId: number
  opened: OpenedSheet
  reference: ReferenceData
  findConflicts?: FindConflicts
  onClose: () => void
}

/** The preview of a file or a paste: set the columns up, see every row, skip what cannot go, import the rest. */
export function ImportDialog(props: ImportDialogProps) {
  const rules = useDayRulesOfSettings(props.fileId, props.reference.leaveTypesById)
  // The file's region and patterns are one quick read: the preview waits for them rather than show other days.
  return rules ? <ImportPreview {...props} rules={rules} /> : null
}

function ImportPreview(props: ImportDialogProps & { rules: DayRules }) {
  const { repo } = useAppServices()
  const session = useImportSession(props.opened, props.reference, props.rules, props.findConflicts)
  const [failure, setFailure] = useState<string | null>(null)
  const title = props.opened.source.kind === 'file' ? `Import ${props.opened.source.fileName}` : 'Import pasted cells'

  async function importAccepted() {
    const drafts = session.accept()
    try {
      await repo.importDrafts(props.fileId, drafts)
    } catch {
      setFailure('The drafts could not be saved, so none were created. Nothing was lost; try again, or restart Leave Desk if it keeps failing.')
      return
    }
    const where = props.opened.source.kind === 'file' ? ` from ${props.opened.source.fileName}` : ''
    useUiStore.getState().showToast({ message: `Imported ${drafts.length} draft${drafts.length === 1 ? '' : 's'}${where}.`, tone: 'info' })
    props.onClose()
  }

  return (
    <ModalDialog titleId="import-title" className="import-dialog" onClose={props.onClose}>
      <h2 id="import-title">{title}</h2>
      <p className="import-origin">{describeOrigin(props.opened.setup.sheet.origin, session.rows.length)}</p>
      <ImportSetupPanel session={session} reference={props.reference} />
      <DaysRuleNote fileId={props.fileId} rules={props.rules} />
      <PreviewTable rows={session.rows} skipped={session.skipped} onSkip={session.setSkipped} reference={props.reference} />
      <PreviewFooter
        rows={session.rows}
        includedCount={session.included.length}
        blockingRows={session.blocking.map((row) => row.rowNumber)}
        failure={failure}
        onSkipProblems={session.skipRowsWithProblems}
        onAccept={() => void importAccepted()}
        onCancel={props.onClose}
      />
    </ModalDialog>
  )
}

function describeOrigin(origin: SheetOrigin, rowCount: number): string {
  const rows = `${rowCount} row${rowCount === 1 ? '' : 's'} of leave`
  if (origin.kind === 'xlsx') return `${rows}, from the sheet “${origin.sheetName}”.`
  if (origin.kind === 'paste') return `${rows}, pasted from a spreadsheet.`
  return `${rows}; read as ${encodingLabels[origin.encoding]}, cells separated by ${separatorLabels[origin.separator]}.`
}
