import { useState } from 'react'
import { WEEK_ORDER, WEEKDAY_NAMES, type WeekHours } from '../../../shared/workPattern'
import { useAppServices } from '../app/AppServicesContext'
import { describeWeek } from './describeWeek'
import { forgetWorkPattern, saveWorkPattern } from './workPatterns'
import { shareWorkPatternWithTeam } from '../team/pageTeamLedger'

/** From the employee field: the employee's usual hours per weekday, kept on this computer. */
export function WorkPatternEditor(props: { fileId: number; employeeId: number; employeeName: string; week: WeekHours; own: boolean }) {
  const { repo } = useAppServices()
  const [editing, setEditing] = useState(false)
  const [hours, setHours] = useState<string[]>(() => props.week.map(String))
  const [problem, setProblem] = useState<string | null>(null)

  const open = () => {
    setHours(props.week.map(String))
    setProblem(null)
    setEditing(true)
  }
  const save = async () => {
    const saved = await saveWorkPattern(repo.db, props.fileId, props.employeeId, hours.map((h) => (h.trim() === '' ? Number.NaN : Number(h))), Date.now())
    if (!saved.ok) return setProblem(saved.error.message)
    shareWorkPatternWithTeam(props.employeeId, saved.value)
    setEditing(false)
  }
  const reset = async () => {
    await forgetWorkPattern(repo.db, props.fileId, props.employeeId)
    shareWorkPatternWithTeam(props.employeeId, null)
    setEditing(false)
  }

  if (!editing) {
    return (
      <p className="work-pattern-line">
        <span data-testid="work-pattern">
          Works {describeWeek(props.week)}
          {props.own ? '' : ' (the standard week)'}
        </span>{' '}
        <button type="button" className="link-button" onClick={open}>
          Change work pattern
        </button>
      </p>
    )
  }
  return (
    <fieldset className="work-pattern-editor">
      <legend>Usual hours of {props.employeeName}, kept on this computer</legend>
      <div className="work-pattern-days">
        {WEEK_ORDER.map((day) => (
          <label key={day}>
            <span>{WEEKDAY_NAMES[day]!.slice(0, 3)}</span>
            <input
              type="number"
              min={0}
              max={24}
              step={0.1}
              inputMode="decimal"
              aria-label={`Hours on ${WEEKDAY_NAMES[day]}`}
              value={hours[day]}
              aria-invalid={problem?.includes(WEEKDAY_NAMES[day]!) ? true : undefined}
              onChange={(event) => setHours((old) => old.map((h, i) => (i === day ? event.target.value : h)))}
            />
          </label>
        ))}
      </div>
      {problem && (
        <p className="field-issue" role="alert">
          {problem}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={() => void save()}>
          Save pattern
        </button>
        <button type="button" className="button quiet" onClick={() => void reset()}>
          Use the standard week
        </button>
        <button type="button" className="button quiet" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  )
}
