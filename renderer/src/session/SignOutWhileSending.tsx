import { useEffect, useRef, useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { selectLabel } from '../sync/syncProgressStore'
import { useSyncProgress } from '../sync/useSyncProgress'
import { sentBeforeSignOutMessage } from './signOutWords'

/**
 * "Sign out" pressed while requests are going to payroll. Signing out mid-batch could leave a request
 * that payroll stored but this computer never recorded; so the clerk is warned, the batch finishes and
 * records every answer, and then the dialog says what really went before they sign out.
 */
export function SignOutWhileSending(props: { onSignOut(): void; onClose(): void }) {
  const { runner } = useAppServices()
  const progress = useSyncProgress(runner)
  const [phase, setPhase] = useState<'ask' | 'waiting' | 'done'>('ask')
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [])
  useEffect(() => {
    if (phase === 'waiting' && !progress.running) setPhase('done')
  }, [phase, progress.running])

  return (
    <dialog ref={dialogRef} className="help-dialog sign-out-dialog" aria-labelledby="sign-out-title" onClose={props.onClose}>
      <h2 id="sign-out-title">{phase === 'done' ? 'Sending finished' : 'Requests are being sent'}</h2>
      {phase === 'ask' && (
        <p>
          {selectLabel(progress) || 'Sending'} to payroll. Signing out now could leave a request in payroll that this computer never
          heard back about. Leave Desk can finish this batch first, then sign you out.
        </p>
      )}
      {phase === 'waiting' && (
        <p role="status">
          {selectLabel(progress) || 'Sending'}… You will be signed out when it is done.
        </p>
      )}
      {phase === 'done' && <p role="status">{sentBeforeSignOutMessage(progress.lastSummary, progress.waiting ?? 0)}</p>}
      <form method="dialog" className="button-row">
        {phase === 'ask' && (
          <button type="button" className="button primary" autoFocus onClick={() => setPhase('waiting')}>
            Finish sending, then sign out
          </button>
        )}
        {phase === 'done' && (
          <button type="button" className="button primary" autoFocus onClick={props.onSignOut}>
            Sign out
          </button>
        )}
        <button type="submit" className="button">
          {phase === 'done' ? 'Stay signed in' : 'Cancel'}
        </button>
      </form>
    </dialog>
  )
}
