import type { DraftProblems, NumberField, SettingsDraft } from './settingsFields'

/** One numeric setting: typed as text, checked on leaving the field, its message right under it. */
export function NumberSettingField(props: {
  field: NumberField
  label: string
  draft: SettingsDraft
  problems: DraftProblems
  onEdit(patch: Partial<SettingsDraft>): void
  onCheck(field: NumberField): void
  /** Fixed by the organisation's machine policy: shown, not editable. */
  lockedByOrganisation?: boolean
}) {
  const id = `settings-${props.field}`
  const problem = props.problems[props.field]
  const describedBy = [problem ? `${id}-error` : '', props.lockedByOrganisation ? `${id}-locked` : ''].filter(Boolean).join(' ')
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={props.draft[props.field]}
        readOnly={props.lockedByOrganisation}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => props.onEdit({ [props.field]: event.target.value })}
        onBlur={() => props.onCheck(props.field)}
      />
      {props.lockedByOrganisation && <SetByOrganisation id={`${id}-locked`} />}
      {problem && (
        <p id={`${id}-error`} className="field-issue">
          {problem}
        </p>
      )}
    </div>
  )
}

/** The words beside a value the organisation's machine policy fixes. */
export function SetByOrganisation(props: { id: string }) {
  return (
    <p id={props.id} className="field-hint">
      Set by your organisation
    </p>
  )
}
