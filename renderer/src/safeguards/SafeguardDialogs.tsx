import type { DraftActions } from '../actions/draftActions'
import { useAppServices } from '../app/AppServicesContext'
import { LeaveCalendar } from '../calendar/LeaveCalendar'
import type { ReferenceData } from '../reference/useReferenceData'
import { DuplicateDialog } from './DuplicateDialog'
import { confirmAsMeant } from './duplicateGate'

/** The safeguards' dialogs, mounted once in the workspace: the duplicate question and the leave calendar. */
export function SafeguardDialogs(props: { fileId: number; reference: ReferenceData; actions: DraftActions }) {
  const { repo } = useAppServices()
  return (
    <>
      <DuplicateDialog
        onQueueAnyway={(draftId) => {
          void confirmAsMeant(repo, draftId, Date.now()).then(() => props.actions.queue())
        }}
      />
      <LeaveCalendar fileId={props.fileId} reference={props.reference} />
    </>
  )
}
