import { formatAsOf } from '../format/formatting'
import { Icon } from '../ui/Icon'
import type { ReferenceData } from './useReferenceData'
import type { ReferenceRefresh } from './useReferenceRefresh'

/** How fresh the cached employees, balances and leave types are, and a way to fetch them again. */
export function ReferenceStatus(props: { reference: ReferenceData; refresh: ReferenceRefresh; canRefresh: boolean }) {
  const { asOf, loaded } = props.reference
  const { status } = props.refresh
  return (
    <div className="reference-status" role="status">
      <p>
        {!loaded
          ? 'Loading the employee list…'
          : asOf === undefined
            ? 'No employee list on this computer yet. It downloads when payroll can be reached.'
            : `Employees, balances and leave types as of ${formatAsOf(asOf, Date.now())}.`}
        {status.state === 'refreshing' && ' Updating…'}
      </p>
      {status.state === 'failed' && <p className="reference-failed">Update failed. {status.message}</p>}
      {props.canRefresh && (
        <button type="button" className="button quiet small" onClick={props.refresh.refresh} disabled={status.state === 'refreshing'}>
          <Icon name="refresh" />
          Update now
        </button>
      )}
    </div>
  )
}
