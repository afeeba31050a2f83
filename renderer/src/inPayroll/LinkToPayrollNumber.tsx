import { useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import { payrollNumberOf } from './OpenByNumberDialog'

const FIELD_ID = 'uncertain-payroll-number'

/**
 * "Mark as sent" with the number the clerk found in payroll: Leave Desk reads that request and links
 * this one to it only when employee, leave type and dates match, so it is then a request in payroll
 * like any other (approve, reject, edit). A number that is another request is refused in plain words.
 */
export function LinkToPayrollNumber(props: { draft: DraftRecord }) {
  const { repo, api } = useAppServices()
  const [text, setText] = useState('')
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)

  const link = async () => {
    const number = payrollNumberOf(text)
    if (number === null) return setRefusal('Type the request’s number as payroll shows it, for example 812.')
    setBusy(true)
    setRefusal(null)
    try {
      const read = await api.getLeaveRequest(props.draft.fileId, number)
      if (!read.ok) {
        return setRefusal(
          read.error.code === 'not-found'
            ? `Payroll has no request #${number} in this business. Check the number.`
            : `Payroll could not be asked about request #${number} just now: ${read.error.message}`
        )
      }
      const linked = await repo.inPayroll.linkUncertain(props.draft.id, read.value)
      if (!linked.ok) setRefusal(linked.error.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="link-payroll-number"
      aria-labelledby={`${FIELD_ID}-title`}
      onSubmit={(event) => {
        event.preventDefault()
        void link()
      }}
    >
      <h4 id={`${FIELD_ID}-title`}>Found it in payroll?</h4>
      <div className="field">
        <label htmlFor={FIELD_ID}>Its number in payroll</label>
        <input
          id={FIELD_ID}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-describedby={`${FIELD_ID}-hint`}
          onChange={(event) => {
            setText(event.target.value)
            setRefusal(null)
          }}
        />
        <p id={`${FIELD_ID}-hint`} className="field-hint">
          Leave Desk checks that employee, leave type and dates are the same before it marks this request as sent under that number.
        </p>
      </div>
      <button type="submit" className="button" disabled={busy || text.trim() === ''}>
        Mark as sent as this number
      </button>
      {refusal && <p role="alert">{refusal}</p>}
    </form>
  )
}
