import { describeTimeLeft } from './throughputEstimate'
import { clockTime, plural } from './syncWords'
import type { SyncProgress, SyncRunner, SyncSummary } from './syncTypes'

/** The queue at a glance: progress while sending, why it is paused, how the last run ended, "Sync now". */
export function SyncPanel(props: { runner: SyncRunner }) {
  const progress = props.runner.useProgress()
  return <SyncPanelView progress={progress} onSyncNow={() => void props.runner.syncNow()} />
}

export function SyncPanelView(props: { progress: SyncProgress; onSyncNow: () => void; formatTime?: (at: number) => string }) {
  const { progress } = props
  const formatTime = props.formatTime ?? clockTime
  return (
    <section aria-labelledby="sync-panel-title" className="sync-panel">
      <h2 id="sync-panel-title">Sending to payroll</h2>
      {progress.running && <SendingProgress progress={progress} />}
      {progress.paused && (
        <p role="status" className="sync-paused">
          {progress.paused.message}
        </p>
      )}
      {!progress.running && progress.lastSummary && <RunSummary summary={progress.lastSummary} formatTime={formatTime} />}
      <button type="button" onClick={props.onSyncNow} disabled={progress.running}>
        Sync now
      </button>
    </section>
  )
}

function SendingProgress({ progress }: { progress: SyncProgress }) {
  const timeLeft = describeTimeLeft(progress.etaSeconds)
  return (
    <div className="sync-progress">
      <div
        role="progressbar"
        aria-label="Requests sent to payroll"
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={progress.label}
      >
        <div className="sync-progress-fill" style={{ width: `${progress.total === 0 ? 0 : (100 * progress.done) / progress.total}%` }} />
      </div>
      <p aria-live="polite">
        {progress.label}
        {timeLeft && <span className="sync-time-left"> — {timeLeft}</span>}
      </p>
    </div>
  )
}

function RunSummary({ summary, formatTime }: { summary: SyncSummary; formatTime: (at: number) => string }) {
  if (!summary.ran) return summary.skipped && !summary.paused ? <p role="status">{summary.skipped}</p> : null
  const nothingHappened = summary.synced + summary.needsAttention + summary.uncertain + summary.waitingToRetry === 0
  if (nothingHappened) return <p role="status">Everything queued has been sent.</p>
  return (
    <ul aria-label="Last sync" className="sync-summary">
      {summary.synced > 0 && <li>{plural(summary.synced, 'request sent to payroll', 'requests sent to payroll')}</li>}
      {summary.needsAttention > 0 && <li>{plural(summary.needsAttention, 'request needs', 'requests need')} your attention</li>}
      {summary.uncertain > 0 && (
        <li>{plural(summary.uncertain, 'request', 'requests')} may or may not have reached payroll — please check</li>
      )}
      {summary.waitingToRetry > 0 && (
        <li>
          {plural(summary.waitingToRetry, 'request', 'requests')} waiting to be sent
          {summary.nextRetryAt !== undefined && !summary.paused && `, next try at ${formatTime(summary.nextRetryAt)}`}
        </li>
      )}
    </ul>
  )
}
