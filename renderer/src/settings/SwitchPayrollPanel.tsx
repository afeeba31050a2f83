import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { payrollLabel, type PayrollKey } from '../payroll/payrollDatabase'
import { countOutgoing } from '../payroll/switchPayroll'
import { useSyncProgress } from '../sync/useSyncProgress'

/**
 * Shown when the clerk changes payroll while requests of this one are queued or being sent: say so, and
 * let them wait for those to go (then switch by itself) or switch now (they stay here, unsent, and go
 * out when the clerk comes back to this payroll; nothing is ever sent to the new one).
 */
export function SwitchPayrollPanel(props: { from: PayrollKey; to: PayrollKey; onSwitch(): void; onCancel(): void }) {
  const { repo, runner } = useAppServices()
  const outgoing = useLiveQuery(() => countOutgoing(repo.db), [repo])
  const progress = useSyncProgress(runner)
  const [waiting, setWaiting] = useState(false)
  const left = outgoing ? outgoing.queued + outgoing.sending : undefined
  const { onSwitch } = props

  useEffect(() => {
    if (waiting && left === 0) onSwitch()
  }, [waiting, left, onSwitch])

  const from = payrollLabel(props.from)
  const to = payrollLabel(props.to)
  return (
    <section className="stack" aria-labelledby="switch-payroll-title">
      <h2 id="switch-payroll-title">Requests are still on their way to {from}</h2>
      <p role="status">
        {outgoing === undefined
          ? 'Counting…'
          : `${outgoing.queued} waiting to be sent${outgoing.sending > 0 ? `, ${outgoing.sending} being sent now` : ''}.`}
      </p>
      <p>
        If you switch now, they stay with {from}, unsent, and go out when you come back to it. Nothing written for {from}{' '}
        is ever sent to {to}.
      </p>
      {waiting && (
        <p className="notice info-notice" role="status">
          Waiting for them to be sent; Leave Desk switches to {to} as soon as they have gone.
          {progress.paused ? ` Sending is paused: ${progress.paused.message}` : ''}
        </p>
      )}
      <div className="settings-actions">
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        {!waiting && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setWaiting(true)
              void runner.syncNow()
            }}
          >
            Wait until they are sent
          </button>
        )}
        <button type="button" className="button primary" onClick={onSwitch} autoFocus>
          Switch now
        </button>
      </div>
    </section>
  )
}
