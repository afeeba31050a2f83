import type { DraftRecord } from '../db'
import { possiblyTwiceMessage } from './teamClaimWords'

/**
 * On a request in payroll that a colleague's request for the same leave may duplicate (both were sent
 * while the team server was out of reach): both payroll numbers, and the one key that rejects this one
 * through the usual Reject (with its reason and Undo). Nothing is rejected or sent by itself.
 */
export function PossiblyTwiceNotice(props: { draft: DraftRecord; onReject: () => void }) {
  const { draft } = props
  if (!draft.possiblyTwice) return null
  const { otherServerId, clerkName } = draft.possiblyTwice
  return (
    <section className="notice warning-notice possibly-twice-notice" role="group" aria-labelledby="possibly-twice-title">
      <h3 id="possibly-twice-title" className="notice-title">
        Possibly in payroll twice
      </h3>
      <p>{possiblyTwiceMessage(draft.serverId, otherServerId, clerkName)}</p>
      <p className="field-hint">Check with {clerkName}: keep one, and reject the other.</p>
      {draft.leaveStatus !== 'Rejected' && (
        <button type="button" className="button" onClick={props.onReject} aria-keyshortcuts="R">
          Reject this one <kbd className="shortcut-hint">R</kbd>
        </button>
      )}
    </section>
  )
}

/** In a list row: the same flag, so the clerk finds it without opening every request. */
export function PossiblyTwiceBadge(props: { draft: DraftRecord }) {
  const { draft } = props
  if (!draft.possiblyTwice || draft.leaveStatus === 'Rejected') return null
  const { otherServerId, clerkName } = draft.possiblyTwice
  return (
    <span className="clash-badge exact" title={possiblyTwiceMessage(draft.serverId, otherServerId, clerkName)} data-testid="possibly-twice-badge">
      Possibly in payroll twice
    </span>
  )
}
