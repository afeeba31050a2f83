import { TeamUnsharedNote } from '../team/TeamUnsharedNote'
import { describeTimeLeft } from './throughputEstimate'
import { selectEtaSeconds, selectLabel } from './syncProgressStore'
import { clockTime, plural } from './syncWords'
import type { SyncProgress, SyncRunner, SyncSummary } from './syncTypes'
import { useNowWhile, useSyncProgress } from './useSyncProgress'

/** The queue at a glance: progress while sending, why it is paused, how the last run ended, "Sync now". */
export function SyncPanel(props: { runner: SyncRunner }) {
  const progress = useSyncProgress(props.runner)
  const now = useNowWhile(progress.running)
  return <SyncPanelView progress={progress} now={now} onSyncNow={() => void props.runner.syncNow()} />
}

export function SyncPanelView(props: {
  progress: SyncProgress
  /** The time the estimate is read at. */
  now: number
  onSyncNow: () => void
  formatTime?: (at: number) => string
}) {
  const { progress } = props
  const formatTime = props.formatTime ?? clockTime
  const refused = progress.paused?.reason === 'refused'
  const pauseLine = progress.paused && (
    <p role="status" className="sync-paused">
      {progress.paused.message}
    </p>
  )
  return (
    <section aria-labelledby="sync-panel-title" className="sync-panel">
      <h2 id="sync-panel-title">Sending to payroll</h2>
      {progress.problem && (
        <p role="alert" className="sync-problem">
          {progress.problem}
        </p>
      )}
      {progress.running && <SendingProgress progress={progress} now={props.now} />}
      <TeamUnsharedNote />
      {/*
        One flow of text: what was sent and what waits, then why it waits ("… · Payroll can’t be reached").
        A refusal of access comes first: it is what the clerk must act on, and the header has little room.
      */}
      <div className={`sync-status${refused ? ' sync-status-refused' : ''}`}>
        {refused && pauseLine}
        {!progress.running && progress.lastSummary && (
          <RunSummary summary={progress.lastSummary} waiting={progress.waiting} held={progress.held} formatTime={formatTime} />
        )}
        {!progress.running && !progress.lastSummary && progress.waiting !== undefined && progress.waiting > 0 && (
          <ul aria-label="Waiting" className="sync-summary">
            <WaitingLines waiting={progress.waiting} held={progress.held} formatTime={formatTime} />
          </ul>
        )}
        {!refused && pauseLine}
      </div>
      <button type="button" className="button" onClick={props.onSyncNow} disabled={progress.running}>
        Sync now
      </button>
    </section>
  )
}

function SendingProgress({ progress, now }: { progress: SyncProgress; now: number }) {
  const timeLeft = describeTimeLeft(selectEtaSeconds(progress, now))
  const label = selectLabel(progress)
  return (
    <div className="sync-progress">
      <div
        role="progressbar"
        aria-label="Requests sent to payroll"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={label}
      >
        <div className="sync-progress-fill" style={{ width: `${progress.total === 0 ? 0 : (100 * progress.done) / progress.total}%` }} />
      </div>
      <p aria-live="polite">
        <span>{label}</span>
        {timeLeft && (
          <span className="sync-time-left">
            <span className="sync-separator"> — </span>
            {timeLeft}
          </span>
        )}
      </p>
    </div>
  )
}

/**
 * How the last run ended, and what waits now. The run's counts are history; the number waiting is the
 * queue as it is now when the runner knows it (the clerk may have queued more since, even offline), so
 * the panel never says everything was sent while requests wait.
 */
function RunSummary(props: {
  summary: SyncSummary
  waiting: number | undefined
  held: number | undefined
  formatTime: (at: number) => string
}) {
  const { summary, formatTime } = props
  const waiting = props.waiting ?? summary.waitingToRetry
  // The run's own plan for the next try; requests queued since then go sooner than that.
  const nextTry = !summary.paused && waiting === summary.waitingToRetry ? summary.nextRetryAt : undefined
  const waitingLine = waiting > 0 && <WaitingLines waiting={waiting} held={props.held} nextTry={nextTry} formatTime={formatTime} />
  if (!summary.ran) {
    return (
      <>
        {summary.skipped && !summary.paused && <p role="status">{summary.skipped}</p>}
        {waitingLine && (
          <ul aria-label="Last sync" className="sync-summary">
            {waitingLine}
          </ul>
        )}
      </>
    )
  }
  const nothingHappened = summary.synced + summary.needsAttention + summary.uncertain + waiting === 0
  if (nothingHappened) return <p role="status">Everything queued has been sent.</p>
  return (
    <ul aria-label="Last sync" className="sync-summary">
      {summary.synced > 0 && <li>{plural(summary.synced, 'request sent to payroll', 'requests sent to payroll')}</li>}
      {summary.needsAttention > 0 && <li>{plural(summary.needsAttention, 'request needs', 'requests need')} your attention</li>}
      {summary.uncertain > 0 && (
        <li>{plural(summary.uncertain, 'request', 'requests')} may or may not have reached payroll — please check</li>
      )}
      {waitingLine}
    </ul>
  )
}

/**
 * What waits, split by why: to be sent (now, at the next try, or right after an earlier request of the
 * same employee), and held behind an earlier request of the same employee that waits for the clerk.
 */
function WaitingLines(props: { waiting: number; held: number | undefined; nextTry?: number | undefined; formatTime: (at: number) => string }) {
  const held = Math.min(Math.max(props.held ?? 0, 0), props.waiting)
  const ready = props.waiting - held
  return (
    <>
      {ready > 0 && (
        <li>
          {plural(ready, 'request', 'requests')} waiting to be sent
          {props.nextTry !== undefined && `, next try at ${props.formatTime(props.nextTry)}`}
        </li>
      )}
      {held > 0 && <li>{held} waiting until an earlier request for the same employee is settled</li>}
    </>
  )
}
