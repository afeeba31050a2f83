import './inPayroll.css'
import { useEffect, useMemo, useRef, useState } from 'react'
import type { DraftActions } from '../actions/draftActions'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import { contentOf } from '../drafts'
import { formatAsOf } from '../format/formatting'
import { StatusBadge } from '../list/StatusBadge'
import type { ReferenceData } from '../reference/useReferenceData'
import { useUiStore } from '../state/uiStore'
import { DraftSyncDetails } from '../sync'
import { Icon } from '../ui/Icon'
import { resolveConflict, type FieldChoices, type Side } from '../drafts/resolveConflict'
import { fitToDates } from '../safeguards/dayRules'
import { useDayRulesOfSettings } from '../safeguards/useDayRules'
import { conflictRows, SIDE_WORDS, type ConflictRow } from './conflictRows'
import { payrollWillHold } from './conflictOutcome'
import { useInPayrollStore } from './inPayrollStore'
import { keepChoiceId } from './payrollActions'

/**
 * A change to a request that someone changed in payroll meanwhile: payroll's version and the clerk's side
 * by side, each differing field marked in words (and an icon), and the clerk's two ways out. Nothing has
 * been overwritten either way until they choose.
 */
export function ConflictView(props: { draft: DraftRecord; reference: ReferenceData; actions: DraftActions }) {
  const { draft, actions } = props
  const { repo, runner } = useAppServices()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusHere = useUiStore((s) => s.focusEditorFor === draft.id)
  useEffect(() => {
    if (!focusHere) return
    headingRef.current?.focus()
    useUiStore.getState().editorFocused()
  }, [focusHere])

  const payroll = draft.payrollChanged
  const rows = payroll ? conflictRows(payroll.content, contentOf(draft), draft.inPayroll, props.reference) : []
  const rules = useDayRulesOfSettings(draft.fileId, props.reference.leaveTypesById)
  const [choices, setChoices] = useState<FieldChoices>({})
  const answers = useMemo(() => ({ choices, ...(rules ? { fitDays: (content: Parameters<typeof fitToDates>[1]) => fitToDates(rules, content) } : {}) }), [choices, rules])
  // Keep mine (the button or its key) sends what this view shows: the answers live where the action reads them.
  useEffect(() => {
    useInPayrollStore.getState().answerConflict({ draftId: draft.id, answers })
    return () => useInPayrollStore.getState().answerConflict(null)
  }, [draft.id, answers])
  const resolution = payroll ? resolveConflict(draft.inPayroll?.content, payroll.content, contentOf(draft), answers) : null
  return (
    <div className="draft-form read-only conflict-view" aria-labelledby="editor-title" role="region">
      <div className="editor-scroll" tabIndex={0}>
        <div className="editor-heading">
          <h2 id="editor-title" ref={headingRef} tabIndex={-1}>
            Leave request
          </h2>
          <StatusBadge status={draft.status} />
        </div>
        <p className="notice warning-notice">
          <strong>Someone changed request #{draft.serverId} in payroll after you read it.</strong>{' '}
          {payroll ? `Payroll’s version is as read ${formatAsOf(payroll.readAt, Date.now())}. ` : ''}Nothing has been overwritten.{' '}
          <span id="conflict-choices-hint">
            <strong>Keep mine</strong> sends the fields you changed and keeps what only payroll changed (an approval and its days stay);
            where you both changed a field, choose which to keep. <strong>Use payroll’s</strong> drops your change and sends nothing.
          </span>
        </p>
        {resolution && (
          <p className="notice info-notice" data-testid="payroll-will-hold" aria-live="polite">
            {resolution.open.length > 0 ? (
              <>Choose which to keep where you both changed a field; then payroll will hold: </>
            ) : (
              <strong>With Keep mine, payroll will hold: </strong>
            )}
            {payrollWillHold(resolution, props.reference)}
          </p>
        )}
        {payroll ? (
          <ConflictTable rows={rows} choices={choices} onChoose={(field, side) => setChoices((before) => ({ ...before, [field]: side }))} />
        ) : (
          <p>Payroll’s version is not known here: use Refresh from payroll first.</p>
        )}
        <DraftSyncDetails runner={runner} repo={repo} draftId={draft.id} />
      </div>
      <div className="editor-footer conflict-choices" role="group" aria-label="Which version to keep" aria-describedby="conflict-choices-hint">
        <button type="button" className="button primary" onClick={() => void actions.keepMine()}>
          <Icon name="send" />
          Keep mine
        </button>
        <button type="button" className="button" onClick={() => void actions.usePayroll()}>
          <Icon name="undo" />
          Use payroll’s
        </button>
      </div>
    </div>
  )
}

function ConflictTable(props: { rows: readonly ConflictRow[]; choices: FieldChoices; onChoose: (field: ConflictRow['field'], side: Side) => void }) {
  return (
    <table className="conflict-table">
      <caption>Payroll’s version and yours, field by field</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">In payroll now</th>
          <th scope="col">Your change</th>
          <th scope="col">Difference</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.field} className={row.side === 'same' ? undefined : 'differs'}>
            <th scope="row">{row.label}</th>
            <td>
              <Value words={row.payroll} />
            </td>
            <td>
              <Value words={row.mine} />
            </td>
            <td className="conflict-side">
              {row.side !== 'same' && <Icon name="warning" />}
              {SIDE_WORDS[row.side]}
              {row.side === 'both' && <KeepChoice row={row} choice={props.choices[row.field]} onChoose={(side) => props.onChoose(row.field, side)} />}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function Value(props: { words: string | string[] }) {
  if (typeof props.words === 'string') return <span className="conflict-value">{props.words}</span>
  return (
    <ul className="conflict-days">
      {props.words.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}

/** Where both changed a field: which value to keep, asked in words (no default: the clerk chooses). */
function KeepChoice(props: { row: ConflictRow; choice: Side | undefined; onChoose: (side: Side) => void }) {
  const name = `keep-${props.row.field}`
  return (
    <fieldset className="keep-choice">
      <legend>Keep which {props.row.label.toLowerCase()}?</legend>
      <label>
        <input id={keepChoiceId(props.row.field)} type="radio" name={name} checked={props.choice === 'payroll'} onChange={() => props.onChoose('payroll')} />
        Payroll’s
      </label>
      <label>
        <input type="radio" name={name} checked={props.choice === 'mine'} onChange={() => props.onChoose('mine')} />
        Mine
      </label>
    </fieldset>
  )
}
