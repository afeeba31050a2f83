import './inPayroll.css'
import { useEffect, useRef } from 'react'
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
import { conflictRows, SIDE_WORDS, type ConflictRow } from './conflictRows'

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
            <strong>Keep mine</strong> sends your change over payroll’s version; <strong>Use payroll’s</strong> drops your change and sends
            nothing.
          </span>
        </p>
        {payroll ? <ConflictTable rows={rows} /> : <p>Payroll’s version is not known here: use Refresh from payroll first.</p>}
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

function ConflictTable(props: { rows: readonly ConflictRow[] }) {
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
