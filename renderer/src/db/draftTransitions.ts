import type { DraftStatus } from '../drafts/draftStatus'

/**
 * Every persisted move between draft states (docs/architecture.md "Draft states"), named by who makes it and
 * why. Each operation that changes a status goes through this table, so an illegal move (synced →
 * queued, or the clerk queueing a request the runner is sending) is refused in one place. Keyed by
 * action rather than by pair because the same pair can be legal for one actor and not another:
 * sending → queued is the runner's retry, never the clerk's "Queue".
 *
 * - needs-attention has no way back to plain 'draft': it stays editable and keeps the server's messages
 *   until the clerk queues it again.
 * - uncertain is never re-sent by itself: only the clerk's "Send again" or "Mark as sent" move it.
 * - synced is final for an insert; a request in payroll is re-opened by `edit` as a pending change (sent
 *   with PUT), which ends synced again or, when payroll changed meanwhile, 'conflict' for the clerk. An
 *   update never ends uncertain: its lost answer is checked by reading payroll (sync/sendUpdate.ts).
 */
export const DRAFT_TRANSITIONS = {
  /** The clerk's "Queue" / "Queue all". */
  queue: { from: ['draft', 'needs-attention'], to: 'queued', refused: 'Only a draft or a request that needs attention can be queued.' },
  /** The clerk takes a queued request back to edit it. */
  unqueue: { from: ['queued'], to: 'draft', refused: 'Only a queued request can be taken out of the queue.' },
  /** The runner, just before the request leaves. */
  claim: { from: ['queued'], to: 'sending', refused: 'Only a queued request can be sent.' },
  /** The runner: payroll accepted it (2xx). */
  synced: { from: ['sending'], to: 'synced', refused: 'Only a request being sent can be recorded as accepted.' },
  /** The runner: it did not get through for a reason that passes (network before send, 5xx, 429, 503, paused). */
  retry: { from: ['sending'], to: 'queued', refused: 'Only a request being sent can be put back in the queue to retry.' },
  /** The runner: payroll refused it (400/403/404/409), or it failed the rules just before sending. */
  refused: {
    from: ['queued', 'sending'],
    to: 'needs-attention',
    refused: 'Only a queued request or one being sent can be marked as needing attention.'
  },
  /** The runner: it may have reached payroll, no answer; or found still 'sending' at start-up. */
  lost: { from: ['sending'], to: 'uncertain', refused: 'Only a request being sent can become uncertain.' },
  /** The clerk's "Send again": they checked payroll and it is not there. */
  sendAgain: { from: ['uncertain'], to: 'queued', refused: 'Only a request whose outcome is uncertain can be sent again.' },
  /** The clerk's "Mark as sent": they found it in payroll. */
  markSent: { from: ['uncertain'], to: 'synced', refused: 'Only a request whose outcome is uncertain can be marked as sent.' },
  // Requests already in payroll (docs/architecture.md "Requests already in payroll")
  /** The clerk's Edit / Approve / Reject of a request in payroll: it becomes a pending change. */
  edit: { from: ['synced'], to: 'draft', refused: 'Only a request in payroll can be opened for a change.' },
  /** The runner (payroll holds a third version) or Refresh (payroll changed under a pending change). */
  conflict: {
    from: ['sending', 'draft', 'queued', 'needs-attention'],
    to: 'conflict',
    refused: 'Only a pending change to a request in payroll can clash with payroll’s copy.'
  },
  /** The clerk's "Keep mine": the change is re-based on payroll's new copy and queued again. */
  keepMine: { from: ['conflict'], to: 'queued', refused: 'Only a request changed in payroll can keep your change.' },
  /** The clerk's "Use payroll's" / "Discard my change": the pending change is dropped for payroll's copy. */
  usePayroll: {
    from: ['conflict', 'draft', 'queued', 'needs-attention'],
    to: 'synced',
    refused: 'Only a pending change to a request in payroll can be dropped for payroll’s version.'
  }
} as const satisfies Record<string, { from: readonly DraftStatus[]; to: DraftStatus; refused: string }>

export type DraftAction = keyof typeof DRAFT_TRANSITIONS

export function canApply(action: DraftAction, from: DraftStatus): boolean {
  return (DRAFT_TRANSITIONS[action].from as readonly DraftStatus[]).includes(from)
}

/** Whether any action moves a draft from `from` to `to`. */
export function canMove(from: DraftStatus, to: DraftStatus): boolean {
  return Object.values(DRAFT_TRANSITIONS).some(
    (move) => move.to === to && (move.from as readonly DraftStatus[]).includes(from)
  )
}

/** The clerk may change a draft's content only in these states. */
export const EDITABLE_STATUSES: readonly DraftStatus[] = ['draft', 'needs-attention']

/**
 * The clerk may (soft) delete in these states. Not while sending (the request is in flight) nor once
 * synced (payroll has it; deleting here would not delete it there). The runner skips deleted drafts.
 */
export const DELETABLE_STATUSES: readonly DraftStatus[] = ['draft', 'queued', 'needs-attention', 'uncertain']

export function isEditable(status: DraftStatus): boolean {
  return EDITABLE_STATUSES.includes(status)
}

/**
 * A request payroll already holds (serverId set) is never deleted here, whatever its status: deleting
 * would not delete it there. Its pending change is dropped with "Discard my change" (usePayroll) instead.
 */
export function isDeletable(status: DraftStatus, inPayroll = false): boolean {
  return !inPayroll && DELETABLE_STATUSES.includes(status)
}
