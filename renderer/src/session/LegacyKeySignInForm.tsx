import { useState, type FormEvent } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { FormError } from '../ui/FormError'
import { useSignIn } from './useSignIn'

/** The deprecated access-key sign-in, kept for clerks whose payroll account has no password sign-in yet. */
export function LegacyKeySignInForm(props: { demo?: { wsAccessKey: string; fileId: number } }) {
  const { api } = useAppServices()
  const { busy, error, attempt } = useSignIn()
  const [accessKey, setAccessKey] = useState('')
  const [fileId, setFileId] = useState('')
  const [fileProblem, setFileProblem] = useState<string | null>(null)
  const { demo } = props

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const file = Number(fileId.trim())
    if (!Number.isInteger(file) || file <= 0) {
      setFileProblem('The file number is a whole number, such as 15431. Find it in your payroll web services settings.')
      return
    }
    setFileProblem(null)
    void attempt(() => api.signInWithLegacyKey(accessKey.trim(), file))
  }

  return (
    <form className="stack" onSubmit={submit}>
      <p className="notice warning-notice">
        <strong>Deprecated.</strong> Access keys are being phased out by the payroll service. Use your user name and
        password if you can.
      </p>
      <div className="field">
        <label htmlFor="sign-in-access-key">Access key</label>
        <input
          id="sign-in-access-key"
          name="accessKey"
          autoComplete="off"
          spellCheck={false}
          required
          value={accessKey}
          onChange={(event) => setAccessKey(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="sign-in-file-id">File number</label>
        <input
          id="sign-in-file-id"
          name="fileId"
          inputMode="numeric"
          required
          aria-invalid={fileProblem ? true : undefined}
          aria-describedby={fileProblem ? 'sign-in-file-id-problem' : undefined}
          value={fileId}
          onChange={(event) => setFileId(event.target.value)}
        />
        {fileProblem && (
          <p id="sign-in-file-id-problem" className="field-issue">
            {fileProblem}
          </p>
        )}
      </div>
      <FormError id="legacy-sign-in-error" message={error} />
      <div className="button-row">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in with access key'}
        </button>
        {demo && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setAccessKey(demo.wsAccessKey)
              setFileId(String(demo.fileId))
            }}
          >
            Fill in the demo key
          </button>
        )}
      </div>
    </form>
  )
}
