import { useId, useState } from 'react'
import { useStore } from 'zustand'
import { settingsSchema } from '../../../shared/ipc'
import { officeSettingsStore, type OfficeSettings } from '../team/officeSettings'
import { pageTeamLedgerStore, shareDailyQuotaWithTeam, shareNotesWithTeam } from '../team/pageTeamLedger'
import { parseNumberText } from './settingsFields'

type Outcome = { tone: 'good' | 'bad'; message: string }

/**
 * Settings → Team, once the team server of this business is open: what every clerk of the business
 * shares. The file's daily quota (every Leave Desk of the office stops together at 95 % of it) and
 * whether request notes go to the team server (off unless the office turns it on). Saved into the team
 * ledger; colleagues get it through replication.
 */
export function TeamOfficeSettings(props: { fileId: number; computerDailyQuota: number }) {
  const open = useStore(pageTeamLedgerStore, (state) => state.current?.fileId === props.fileId)
  const office = useStore(officeSettingsStore)
  if (!open) return null
  return <TeamOfficeSettingsView {...props} shared={office.fileId === props.fileId ? office : {}} />
}

/** The same, for the office's settings as given (the stores read above). */
export function TeamOfficeSettingsView(props: { fileId: number; computerDailyQuota: number; shared: Pick<OfficeSettings, 'dailyQuota' | 'shareNotes'> }) {
  const { shared } = props
  const [quota, setQuota] = useState<string | null>(null)
  const [notes, setNotes] = useState<boolean | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const id = useId()
  const quotaText = quota ?? (shared.dailyQuota ? String(shared.dailyQuota.value) : '')
  const notesOn = notes ?? shared.shareNotes?.value === true

  const save = async () => {
    setOutcome(null)
    const wanted = quotaText.trim() === '' ? undefined : parseNumberText(quotaText)
    const checked = wanted === undefined ? null : settingsSchema.shape.dailyQuota.safeParse(wanted)
    if (checked && !checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'This value is not valid.')
      document.getElementById(`${id}-quota`)?.focus()
      return
    }
    setProblem(null)
    try {
      const done = await Promise.all([
        checked?.success && checked.data !== shared.dailyQuota?.value ? shareDailyQuotaWithTeam(props.fileId, checked.data) : true,
        notesOn !== (shared.shareNotes?.value === true) ? shareNotesWithTeam(props.fileId, notesOn) : true
      ])
      if (done.includes(false)) return setOutcome({ tone: 'bad', message: 'The team server of this business is not open; nothing was changed.' })
      setQuota(null)
      setNotes(null)
      setOutcome({ tone: 'good', message: 'Saved for the whole team: colleagues get it as soon as their Leave Desk reaches the team server.' })
    } catch {
      setOutcome({ tone: 'bad', message: 'These settings could not be saved. Try again.' })
    }
  }

  return (
    <div className="stack" data-testid="team-office-settings">
      <h3 className="notice-title">Shared by everyone on this business’s team</h3>
      <div className="field">
        <label htmlFor={`${id}-quota`}>Most sent in a day by the whole office</label>
        <input
          id={`${id}-quota`}
          inputMode="numeric"
          value={quotaText}
          placeholder={`This computer’s: ${props.computerDailyQuota}`}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-quota-hint${problem ? ` ${id}-quota-error` : ''}`}
          onChange={(event) => {
            setQuota(event.target.value)
            setProblem(null)
          }}
        />
        {problem && (
          <p id={`${id}-quota-error`} className="field-issue">
            {problem}
          </p>
        )}
        <p id={`${id}-quota-hint`} className="field-hint">
          Your payroll plan’s daily limit for this business. Every Leave Desk on the team stops together before it, so the business is never
          blocked for a day.
          {shared.dailyQuota ? ` Set by ${shared.dailyQuota.changedBy}.` : ' Until someone sets it, each computer uses its own (Sending).'}
        </p>
      </div>
      <label className="choice-line">
        <input type="checkbox" checked={notesOn} aria-describedby={`${id}-notes-hint`} onChange={(event) => setNotes(event.target.checked)} />
        Share request notes with the team
      </label>
      <p id={`${id}-notes-hint`} className="field-hint">
        Off: notes stay on the computer they were written on. On: colleagues see each request’s notes too. Notes can hold medical details, so
        turn this on only if your office has agreed to it. It applies to every clerk of this business.
        {shared.shareNotes ? ` Last changed by ${shared.shareNotes.changedBy}.` : ''}
      </p>
      {outcome && (
        <p role="status" className={`connection-test connection-test-${outcome.tone}`}>
          {outcome.message}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={() => void save()}>
          Save for the whole team
        </button>
      </div>
    </div>
  )
}
