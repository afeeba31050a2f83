import type { DraftActions } from '../actions/draftActions'
import { useAppServices } from '../app/AppServicesContext'
import { DuplicateDialog } from './DuplicateDialog'
import { confirmAsMeant } from './duplicateGate'

/** The safeguards' dialogs, mounted once in the workspace. */
export function SafeguardDialogs(props: { actions: DraftActions }) {
  const { repo } = useAppServices()
  return (
    <DuplicateDialog
      onQueueAnyway={(draftId) => {
        void confirmAsMeant(repo, draftId, Date.now()).then(() => props.actions.queue())
      }}
    />
  )
}
