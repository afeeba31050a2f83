import { useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import type { Persistence } from '../../../shared/ipc'
import { useUiStore } from '../state/uiStore'

/**
 * Whether the sign-in outlives the app. Only Linux without a keyring (basic_text) needs the clerk's
 * consent to keep it on disk unencrypted; that consent has its own channel and its own warning, and can be
 * taken back here (the file goes; this run stays signed in).
 */
export function KeyringChoice() {
  const { api } = useAppServices()
  const allowed = useUiStore((s) => s.settings?.allowUnencryptedTokenStorage ?? false)
  const persistence = useUiStore((s) => s.session?.persistence)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const choose = async (keepOnDisk: boolean) => {
    setBusy(true)
    setError(null)
    const result = keepOnDisk ? await api.allowUnencryptedTokenStorage() : await api.withdrawUnencryptedTokenStorage()
    setBusy(false)
    if (!result.ok) return setError(result.error.message)
    useUiStore.getState().setSession(result.value)
    const settings = await api.getSettings()
    if (settings.ok) useUiStore.getState().setSettings(settings.value)
  }

  return <KeyringChoiceView allowed={allowed} persistence={persistence} busy={busy} error={error} onChoose={(keep) => void choose(keep)} />
}

export function KeyringChoiceView(props: {
  allowed: boolean
  persistence: Persistence | undefined
  busy: boolean
  error: string | null
  onChoose: (keepOnDisk: boolean) => void
}) {
  const { allowed, persistence, busy, error } = props
  return (
    <fieldset>
      <legend>Staying signed in</legend>
      {persistence === 'encrypted' && !allowed && <p>Your sign-in is kept encrypted with this computer’s keyring.</p>}
      {allowed && (
        <>
          <p>You agreed to keep your sign-in on this computer without encryption, because it has no keyring.</p>
          <button type="button" disabled={busy} onClick={() => props.onChoose(false)}>
            Stop keeping me signed in
          </button>
          <p className="field-hint">Your sign-in is removed from this computer; you stay signed in until Leave Desk closes.</p>
        </>
      )}
      {persistence !== 'encrypted' && !allowed && (
        <>
          <label className="choice-line">
            <input type="checkbox" checked={false} disabled={busy} onChange={() => props.onChoose(true)} aria-describedby="keyring-warning" />
            Keep me signed in without encryption
          </label>
          <p id="keyring-warning" className="field-hint">
            Only where this computer has no password keyring. Your sign-in would then be kept as a plain file in Leave
            Desk’s data folder: anyone with a copy of that folder could use your payroll account, as you, for up to a year
            (until the sign-in expires), even after you stop using this computer. Otherwise you sign in again each time
            Leave Desk starts.
          </p>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  )
}
