import { useState, type FormEvent } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { FormError } from '../ui/FormError'
import { SignInButtons } from './SignInButtons'
import { SignInField } from './SignInField'
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

  const fillDemo =
    demo &&
    (() => {
      setAccessKey(demo.wsAccessKey)
      setFileId(String(demo.fileId))
    })

  return (
    <form className="stack" onSubmit={submit}>
      <p className="notice warning-notice">
        <strong>Deprecated.</strong> Access keys are being phased out by the payroll service. Use your user name and
        password if you can.
      </p>
      <SignInField
        id="sign-in-access-key"
        label="Access key"
        name="accessKey"
        autoComplete="off"
        spellCheck={false}
        value={accessKey}
        onValue={setAccessKey}
      />
      <SignInField
        id="sign-in-file-id"
        label="File number"
        name="fileId"
        inputMode="numeric"
        aria-invalid={fileProblem ? true : undefined}
        aria-describedby={fileProblem ? 'sign-in-file-id-problem' : undefined}
        value={fileId}
        onValue={setFileId}
      >
        {fileProblem && (
          <p id="sign-in-file-id-problem" className="field-issue">
            {fileProblem}
          </p>
        )}
      </SignInField>
      <FormError id="legacy-sign-in-error" message={error} />
      <SignInButtons busy={busy} label="Sign in with access key" demoLabel="Fill in the demo key" onFillDemo={fillDemo} />
    </form>
  )
}
