import { useState } from 'react'
import { useModalDialog } from '../ui/useModalDialog'
import type { DecisionActions } from './decisionActions'
import { useOpenByNumber } from './decisionPrompt'
import { CancelAndSubmit } from '../ui/CancelAndSubmit'

const NUMBER_ID = 'payroll-request-number'

/** Whole positive number the clerk typed, with or without a leading "#"; null otherwise. */
export function payrollNumberOf(text: string): number | null {
  const digits = text.trim().replace(/^#\s*/, '')
  if (!/^\d{1,10}$/.test(digits)) return null
  const number = Number(digits)
  return number > 0 && number <= 2_147_483_647 ? number : null
}

/**
 * "Open payroll request #…": a request made in payroll itself (its web screens, self-service) is read by
 * its number and kept here as a request in payroll, to approve, reject, edit and see in the calendar.
 */
export function OpenByNumberDialog(props: { actions: Pick<DecisionActions, 'openPayrollRequest'> }) {
  const open = useOpenByNumber((s) => s.open)
  const setOpen = useOpenByNumber((s) => s.setOpen)
  const dialogRef = useModalDialog(open, () => document.getElementById(NUMBER_ID)?.focus())
  return (
    <dialog ref={dialogRef} className="help-dialog decision-dialog" aria-labelledby="open-number-title" onClose={() => setOpen(false)}>
      {open && <NumberForm onClose={() => setOpen(false)} onOpen={props.actions.openPayrollRequest} />}
    </dialog>
  )
}

function NumberForm(props: { onClose(): void; onOpen(number: number): Promise<void> }) {
  const [text, setText] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <form
      method="dialog"
      onSubmit={(event) => {
        event.preventDefault()
        const number = payrollNumberOf(text)
        if (number === null) return setProblem('Type the request’s number as payroll shows it, for example 812.')
        props.onClose()
        void props.onOpen(number)
      }}
    >
      <h2 id="open-number-title">Open a request from payroll</h2>
      <p>For a request made in payroll itself (its own screens or employee self-service): Leave Desk reads it by its number.</p>
      <div className="field">
        <label htmlFor={NUMBER_ID}>Payroll request number</label>
        <input
          id={NUMBER_ID}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${NUMBER_ID}-problem` : undefined}
          onChange={(event) => {
            setText(event.target.value)
            setProblem(null)
          }}
        />
        {problem && (
          <p id={`${NUMBER_ID}-problem`} className="field-issue" role="alert">
            {problem}
          </p>
        )}
      </div>
      <CancelAndSubmit className="button-row dialog-buttons" quietCancel onCancel={props.onClose}>
        Open
      </CancelAndSubmit>
    </form>
  )
}
