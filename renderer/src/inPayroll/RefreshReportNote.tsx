import { formatAsOf } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import { changeWords } from './contentWords'
import { useInPayrollStore } from './inPayrollStore'

/** Under a request just read again from payroll: "No changes in payroll since …", or what changed. */
export function RefreshReportNote(props: { draftId: string; reference: ReferenceData; now?: number }) {
  const report = useInPayrollStore((s) => (s.lastRefresh?.draftId === props.draftId ? s.lastRefresh : null))
  if (!report) return null
  const now = props.now ?? Date.now()
  const since = report.since === undefined ? '' : ` since ${formatAsOf(report.since, now)}`
  return (
    <div className="refresh-report" role="status">
      {report.changes.length === 0 ? (
        <p>No changes in payroll{since}.</p>
      ) : (
        <>
          <p>Changed in payroll{since}:</p>
          <ul aria-label="What changed in payroll">
            {report.changes.map((change) => (
              <li key={change.field}>{changeWords(change, props.reference)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}
