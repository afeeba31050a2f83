import { useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import { SEND_ANYWAY_HINT } from './teamClaimWords'

/**
 * On a request a colleague's claim stopped before payroll (team ledger): who sent the same leave and when
 * (the draft's message), and the clerk's two choices. "Send anyway" is focused first, so Enter decides
 * and Tab reaches Discard; Discard is the editor's usual delete, with its Undo.
 */
export function ColleagueSentNotice(props: { draft: DraftRecord; onDiscard: () => void }) {
  const { draft } = props
  const { repo, runner } = useAppServices()
  const [refusal, setRefusal] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  if (draft.status !== 'needs-attention' || !draft.colleagueClaim) return null

  const sendAnyway = async () => {
    setBusy(true)
    setRefusal(undefined)
    try {
      const queued = await repo.sendAnyway(draft.id)
      if (!queued.ok) return setRefusal(queued.error.message)
      void runner.syncNow()
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="notice warning-notice colleague-sent-notice" role="group" aria-labelledby="colleague-sent-title">
      <h3 id="colleague-sent-title" className="notice-title">
        A colleague already sent this leave
      </h3>
      <p>{draft.lastError?.message}</p>
      <p id="colleague-sent-hint">{SEND_ANYWAY_HINT}</p>
      <div className="notice-actions">
        <button type="button" className="button" autoFocus disabled={busy} aria-describedby="colleague-sent-hint" onClick={() => void sendAnyway()}>
          Send anyway
        </button>{' '}
        <button type="button" className="button" disabled={busy} onClick={props.onDiscard}>
          Discard
        </button>
      </div>
      {refusal && <p role="alert">{refusal}</p>}
    </section>
  )
}
