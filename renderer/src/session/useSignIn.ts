import { useState } from 'react'
import type { ApiResult } from '../../../shared/apiError'
import type { SessionStatus } from '../../../shared/ipc'
import { useUiStore } from '../state/uiStore'

/** A sign-in attempt's busy flag and plain-words error; on success the session moves the app on. */
export function useSignIn() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function attempt(signIn: () => Promise<ApiResult<SessionStatus>>): Promise<void> {
    setBusy(true)
    setError(null)
    try {
      const result = await signIn()
      if (result.ok) useUiStore.getState().setSession(result.value)
      else setError(result.error.message)
    } catch {
      setError('Leave Desk could not reach its sign-in service. Restart the app and try again.')
    } finally {
      setBusy(false)
    }
  }

  return { busy, error, attempt }
}
