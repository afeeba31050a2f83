import { useState } from 'react'
import type { DecisionActions } from './decisionActions'
import { MAX_REASON_LENGTH } from '../drafts/decisionNotes'
import { useModalDialog } from '../ui/useModalDialog'
import { UNDO_GRACE_MS, useDecisionPrompt, type DecisionPrompt } from './decisionPrompt'
import { CancelAndSubmit } from '../ui/CancelAndSubmit'

const REASON_ID = 'decision-reason'

/**
 * "Reject request #812 (…)?" with an optional reason, or "Approve 10 requests?": nothing is written until
 * the clerk confirms; Escape or "Don't …" leaves every request as it was. Ctrl+Enter confirms from the reason.
 */
export function DecisionDialog(props: { actions: Pick<DecisionActions, 'decideConfirmed'> }) {
  const prompt = useDecisionPrompt((s) => s.prompt)
  const close = useDecisionPrompt((s) => s.close)
  const dialogRef = useModalDialog(prompt !== null, () => document.getElementById(REASON_ID)?.focus())
  return (
    <dialog ref={dialogRef} className="help-dialog decision-dialog" aria-labelledby="decision-title" onClose={close}>
      {prompt && <DecisionForm key={prompt.ids.join()} prompt={prompt} onClose={close} onConfirm={props.actions.decideConfirmed} />}
    </dialog>
  )
}

function DecisionForm(props: { prompt: DecisionPrompt; onClose(): void; onConfirm: DecisionActions['decideConfirmed'] }) {
  const { prompt } = props
  const [reason, setReason] = useState('')
  const rejecting = prompt.leaveStatus === 'Rejected'
  const verb = rejecting ? 'Reject' : 'Approve'
  const confirm = () => {
    props.onClose()
    void props.onConfirm(prompt.ids, prompt.leaveStatus, reason)
  }
  return (
    <form
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault()
        confirm()
      }}
    >
      <h2 id="decision-title">
        {verb} {prompt.what}?
      </h2>
      <p>
        Payroll will hold {prompt.ids.length === 1 ? 'it' : 'each of them'} as {prompt.leaveStatus}
        {!rejecting && ', with its days (filled from the work pattern when it has none)'}. For {UNDO_GRACE_MS / 1000} seconds after you
        confirm you can still undo it; nothing is sent before then.
      </p>
      {rejecting && (
        <div className="field">
          <label htmlFor={REASON_ID}>Reason (optional)</label>
          <textarea
            id={REASON_ID}
            rows={3}
            maxLength={MAX_REASON_LENGTH}
            value={reason}
            aria-describedby={`${REASON_ID}-hint`}
            onChange={(event) => setReason(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault()
                confirm()
              }
            }}
          />
          <p id={`${REASON_ID}-hint`} className="field-hint">
            Kept in the request’s notes in payroll as “Rejected: …”, and in its history here.
          </p>
        </div>
      )}
      <CancelAndSubmit className="button-row dialog-buttons" quietCancel cancelLabel={`Don’t ${verb.toLowerCase()}`} cancelAutoFocus={!rejecting} onCancel={props.onClose}>
        {verb}
        {prompt.ids.length > 1 ? ` ${prompt.ids.length} requests` : ''}
      </CancelAndSubmit>
    </form>
  )
}
