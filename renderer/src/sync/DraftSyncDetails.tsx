import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { AttemptRecord, DraftRecord, DraftsRepository } from '../db'
import { ATTEMPT_OUTCOME_WORDS, dateAndTime, MARK_AS_SENT_HINT, SEND_AGAIN_HINT, TOLD_BY_MESSAGE, UNCERTAIN_EXPLANATION } from './syncWords'
import { STILL_SENDING_MESSAGE } from '../db/repositoryResult'
import type { ClerkChoiceResult, SyncRunner } from './syncTypes'
import { useEarlierRequestInFlight } from './useEarlierRequestInFlight'

/**
 * One request's trip to payroll: every attempt with its outcome in plain words, the last problem, and
 * for an uncertain request why it is uncertain and the clerk's two choices.
 */
export function DraftSyncDetails(props: { runner: SyncRunner; repo: DraftsRepository; draftId: string }) {
  const { runner, repo, draftId } = props
  const draft = useLiveQuery(() => repo.getDraft(draftId), [repo, draftId])
  const attempts = useLiveQuery(() => repo.listAttempts(draftId), [repo, draftId])
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | undefined>()
  const earlierInFlight = useEarlierRequestInFlight(runner, draftId, draft?.status === 'uncertain')

  const choose = (choice: (id: string) => Promise<ClerkChoiceResult>) => async () => {
    setBusy(true)
    setRefusal(undefined)
    try {
      const result = await choice(draftId)
      if (!result.ok) setRefusal(result.error.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <DraftSyncDetailsView
      draft={draft}
      attempts={attempts ?? []}
      busy={busy}
      earlierInFlight={earlierInFlight}
      refusal={refusal}
      onSendAgain={choose(runner.sendAgain)}
      onMarkAsSent={choose(runner.markAsSent)}
    />
  )
}

export interface DraftSyncDetailsViewProps {
  /** Undefined while loading (or when there is no such draft). */
  draft: DraftRecord | undefined
  attempts: readonly AttemptRecord[]
  busy: boolean
  /** Main still has an earlier request of this draft on its way (the page reloaded): "Send again" waits. */
  earlierInFlight?: boolean
  /** Why the clerk's last choice was refused, if it was. */
  refusal?: string | undefined
  onSendAgain: () => void
  onMarkAsSent: () => void
  formatTime?: (at: number) => string
}

export function DraftSyncDetailsView(props: DraftSyncDetailsViewProps) {
  const { draft, attempts } = props
  const formatTime = props.formatTime ?? dateAndTime
  return (
    <section aria-labelledby="draft-sync-title" className="draft-sync-details">
      <h3 id="draft-sync-title">Sending history</h3>
      {!draft ? (
        <p>Loading…</p>
      ) : (
        <>
          <InPayroll draft={draft} />
          <AttemptList attempts={attempts} formatTime={formatTime} />
          {draft.lastError && draft.status !== 'synced' && (
            <div className="draft-sync-last-problem">
              <p>
                <strong>Last problem:</strong> {draft.lastError.message}
              </p>
              {draft.lastError.fieldIssues && draft.lastError.fieldIssues.length > 0 && (
                <ul aria-label="What to fix">
                  {draft.lastError.fieldIssues.map((issue, index) => (
                    <li key={`${issue.field}-${index}`}>{issue.message}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {draft.status === 'uncertain' && <UncertainChoices {...props} />}
        </>
      )}
    </section>
  )
}

function InPayroll({ draft }: { draft: DraftRecord }) {
  if (draft.status !== 'synced') return null
  return draft.serverId !== undefined ? (
    <p>In payroll as request #{draft.serverId}.</p>
  ) : (
    <p>You marked this request as already in payroll.</p>
  )
}

function AttemptList({ attempts, formatTime }: { attempts: readonly AttemptRecord[]; formatTime: (at: number) => string }) {
  if (attempts.length === 0) return <p>Not sent yet.</p>
  return (
    <ol aria-label="Attempts" className="draft-sync-attempts">
      {attempts.map((attempt, index) => (
        <li key={attempt.id ?? index}>
          <time dateTime={new Date(attempt.at).toISOString()}>{formatTime(attempt.at)}</time> —{' '}
          {TOLD_BY_MESSAGE.has(attempt.outcome) ? attempt.message : (ATTEMPT_OUTCOME_WORDS[attempt.outcome] ?? attempt.message)}
        </li>
      ))}
    </ol>
  )
}

function UncertainChoices(props: DraftSyncDetailsViewProps) {
  return (
    <div role="group" aria-labelledby="draft-uncertain-title" className="draft-sync-uncertain">
      <h4 id="draft-uncertain-title">Is it in payroll?</h4>
      <p>{UNCERTAIN_EXPLANATION}</p>
      <button
        type="button"
        className="button"
        onClick={props.onSendAgain}
        disabled={props.busy || props.earlierInFlight}
        aria-describedby="send-again-hint"
      >
        Send again
      </button>
      <span id="send-again-hint"> {props.earlierInFlight ? STILL_SENDING_MESSAGE : SEND_AGAIN_HINT}</span>
      <button type="button" className="button" onClick={props.onMarkAsSent} disabled={props.busy} aria-describedby="mark-as-sent-hint">
        Mark as sent
      </button>
      <span id="mark-as-sent-hint"> {MARK_AS_SENT_HINT}</span>
      {props.refusal && <p role="alert">{props.refusal}</p>}
    </div>
  )
}
