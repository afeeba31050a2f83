import type { InputHTMLAttributes, ReactNode } from 'react'

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'required' | 'children'>

/** One required, labelled text field of a sign-in form; `children` go under the input (a field's problem). */
export function SignInField(props: InputProps & { id: string; label: string; value: string; onValue: (value: string) => void; children?: ReactNode }) {
  const { id, label, value, onValue, children, ...input } = props
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} required {...input} value={value} onChange={(event) => onValue(event.target.value)} />
      {children}
    </div>
  )
}
