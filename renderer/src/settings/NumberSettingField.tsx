import type { DraftProblems, NumberField, SettingsDraft } from './settingsFields'

/** One numeric setting: typed as text, checked on leaving the field, its message right under it. */
export function NumberSettingField(props: {
  field: NumberField
  label: string
  draft: SettingsDraft
  problems: DraftProblems
  onEdit(patch: Partial<SettingsDraft>): void
  onCheck(field: NumberField): void
}) {
  const id = `settings-${props.field}`
  const problem = props.problems[props.field]
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        inputMode="decimal"
        value={props.draft[props.field]}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => props.onEdit({ [props.field]: event.target.value })}
        onBlur={() => props.onCheck(props.field)}
      />
      {problem && (
        <p id={`${id}-error`} className="field-issue">
          {problem}
        </p>
      )}
    </div>
  )
}
