import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftStatus } from '../drafts/draftStatus'
import { useUiStore, type Toast } from '../state/uiStore'
import { Icon } from '../ui/Icon'

/**
 * One message at a time, in a bar at the bottom of the window (never over the panes), announced politely
 * (errors assertively). A plain one closes by itself after a while (uiStore's closesAfterMs); a problem,
 * an Undo of a delete and queued news stay until the next message or until dismissed; one about a draft
 * closes when the clerk opens another, and one about the connection follows it.
 */
export function ToastRegion(props: { onUndo(): void }) {
  const toast = useUiStore((s) => s.toast)
  const dismiss = useUiStore((s) => s.dismissToast)
  const reachable = useUiStore((s) => s.connectivity?.state === 'reachable')
  const { repo } = useAppServices()
  const aboutId = toast?.byConnectivity ? toast.forDraftId : undefined
  const aboutStatus = useLiveQuery(async () => (aboutId ? (await repo.getDraft(aboutId))?.status : undefined), [repo, aboutId])
  const message = toast ? toastWords(toast, reachable, aboutStatus) : ''
  return (
    <div className="toast-region">
      {!toast && (
        <p className="status-hint">
          Press <kbd>?</kbd> for keyboard shortcuts · <kbd>Ctrl</kbd>+<kbd>N</kbd> new draft · <kbd>Ctrl</kbd>+
          <kbd>Enter</kbd> queue
        </p>
      )}
      <div role="status">
        {toast?.tone === 'info' && (
          <ToastCard
            key={`${toast.key}:${message}`}
            message={message}
            undo={toast.undoDraftId !== undefined || toast.undo !== undefined}
            undoUntil={toast.undoUntil}
            onUndo={props.onUndo}
            onDismiss={dismiss}
          />
        )}
      </div>
      <div role="alert">
        {toast?.tone === 'error' && <ToastCard key={`${toast.key}:${message}`} message={message} error onDismiss={dismiss} />}
      </div>
    </div>
  )
}

/**
 * What the toast says now: a "queued" message follows the connection, and then the request itself
 * (a new card, announced again), so it never says "being sent" about a request already in payroll.
 */
export function toastWords(toast: Toast, reachable: boolean, draftStatus?: DraftStatus): string {
  if (!toast.byConnectivity) return toast.message
  if (draftStatus === 'synced') return 'Sent: it is in payroll now.'
  if (draftStatus === 'needs-attention') return 'Payroll did not accept it: open it to see what to fix.'
  if (draftStatus === 'uncertain') return 'It may or may not have reached payroll: open it to check.'
  return reachable ? toast.byConnectivity.reachable : toast.byConnectivity.unreachable
}

function ToastCard(props: { message: string; error?: boolean; undo?: boolean; undoUntil?: number | undefined; onUndo?: () => void; onDismiss: () => void }) {
  const undoOpen = useUndoOpen(props.undoUntil)
  return (
    <div className={`toast${props.error ? ' toast-error' : ''}`} data-testid="toast">
      {props.error && <Icon name="attention" />}
      <span className="toast-message">{props.message}</span>
      {props.undo && undoOpen && props.onUndo && (
        <button type="button" className="button small" onClick={props.onUndo} aria-keyshortcuts="Control+Z">
          <Icon name="undo" />
          Undo
        </button>
      )}
      <button type="button" className="icon-button" aria-label="Dismiss message" onClick={props.onDismiss}>
        <Icon name="close" />
      </button>
    </div>
  )
}

/** Whether Undo still can: until `undoUntil` (a decision's grace), or for as long as the card shows. */
function useUndoOpen(undoUntil: number | undefined): boolean {
  const [open, setOpen] = useState(undoUntil === undefined || undoUntil > Date.now())
  useEffect(() => {
    if (undoUntil === undefined) return
    const timer = setTimeout(() => setOpen(false), Math.max(0, undoUntil - Date.now()))
    return () => clearTimeout(timer)
  }, [undoUntil])
  return open
}
