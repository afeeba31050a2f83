import { useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'

/**
 * Linux without a keyring: the session can only be kept on disk unencrypted. Never done silently; the
 * clerk reads what it means and chooses. Until then the sign-in lasts for this run only.
 */
export function KeyringOptInPrompt() {
  const { api } = useAppServices()
  const needsOptIn = useUiStore((s) => s.session?.state === 'signed-in' && s.session.persistence === 'needs-opt-in')
  const dismissed = useUiStore((s) => s.keyringPromptDismissed)
  const [error, setError] = useState<string | null>(null)
  if (!needsOptIn || dismissed) return null

  const allow = async () => {
    const result = await api.allowUnencryptedTokenStorage()
    if (result.ok) useUiStore.getState().setSession(result.value)
    else setError(result.error.message)
  }

  return (
    <section className="notice warning-notice keyring-prompt" aria-labelledby="keyring-title">
      <h2 id="keyring-title" className="notice-title">
        Stay signed in after closing Leave Desk?
      </h2>
      <p>
        This computer has no password keyring, so Leave Desk cannot encrypt your sign-in. For now it is forgotten when
        you close the app. You can keep it on disk <strong>without encryption</strong>: anyone who can read your files
        on this computer could then use your payroll sign-in.
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button" onClick={() => void allow()}>
          Keep me signed in without encryption
        </button>
        <button type="button" className="button quiet" onClick={() => useUiStore.getState().dismissKeyringPrompt()}>
          Not now
        </button>
      </div>
    </section>
  )
}
