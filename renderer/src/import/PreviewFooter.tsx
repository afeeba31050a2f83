import type { PreviewRow } from './previewRows'

/** The preview's verdict and its buttons: how many drafts will be made, what stands in the way, Import or Cancel. */
export function PreviewFooter(props: {
  rows: readonly PreviewRow[]
  includedCount: number
  /** Ticked rows that have problems, by row number. */
  blockingRows: readonly number[]
  failure: string | null
  onSkipProblems: () => void
  onAccept: () => void
  onCancel: () => void
}) {
  const withProblems = props.rows.filter((row) => row.problems.length > 0).length
  const { includedCount } = props
  const blockingCount = props.blockingRows.length
  const verdict =
    blockingCount > 0
      ? `${rowList(props.blockingRows)} ${blockingCount === 1 ? 'has' : 'have'} problems: fix ${blockingCount === 1 ? 'it' : 'them'} above, or skip ${blockingCount === 1 ? 'it' : 'them'}.`
      : includedCount === 0
        ? 'No rows are ticked.'
        : `${includedCount} draft${includedCount === 1 ? '' : 's'} will be created. Nothing is sent to payroll until you queue them.`
  return (
    <div className="import-footer">
      <p className={blockingCount > 0 ? 'import-verdict import-verdict-blocked' : 'import-verdict'} role="status">
        {verdict}
      </p>
      {props.failure && (
        <p className="import-failure" role="alert">
          {props.failure}
        </p>
      )}
      <div className="button-row">
        {withProblems > 0 && (
          <button type="button" className="button" onClick={props.onSkipProblems} disabled={blockingCount === 0}>
            Skip {withProblems} row{withProblems === 1 ? '' : 's'} with problems
          </button>
        )}
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        <button type="button" className="button primary" onClick={props.onAccept} disabled={blockingCount > 0 || includedCount === 0}>
          Import {includedCount} draft{includedCount === 1 ? '' : 's'}
        </button>
      </div>
    </div>
  )
}

/** 'Row 8', 'Rows 8 and 15', 'Rows 3, 8 and 15', 'Rows 3, 8, 15 and 9 more'. */
function rowList(rows: readonly number[]): string {
  if (rows.length === 1) return `Row ${rows[0]}`
  const named = rows.slice(0, 5)
  const more = rows.length - named.length
  return more > 0 ? `Rows ${named.join(', ')} and ${more} more` : `Rows ${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`
}
