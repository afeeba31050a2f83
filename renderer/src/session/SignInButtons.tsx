/** The button row under both sign-in forms: submit, and (with demo credentials) fill them in. */
export function SignInButtons(props: { busy: boolean; label: string; demoLabel: string; onFillDemo?: () => void }) {
  const { busy, label, demoLabel, onFillDemo } = props
  return (
    <div className="button-row">
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Signing in…' : label}
      </button>
      {onFillDemo && (
        <button type="button" className="button" onClick={onFillDemo}>
          {demoLabel}
        </button>
      )}
    </div>
  )
}
