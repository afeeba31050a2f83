import { useState } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'
import { SignOutWhileSending } from './SignOutWhileSending'

/**
 * Signed in: "Sign out" (the session ends, drafts stay); while a batch is being sent, it warns first and
 * lets the batch finish (SignOutWhileSending). Signed out while working offline: "Sign in", which goes
 * back to the sign-in screen.
 */
export function SignOutButton() {
  const { api, runner } = useAppServices()
  const signedIn = useUiStore((s) => s.session?.state === 'signed-in')
  const [warning, setWarning] = useState(false)
  const leave = async () => {
    const store = useUiStore.getState()
    if (signedIn) {
      const result = await api.signOut()
      if (!result.ok) {
        store.showToast({ message: result.error.message, tone: 'error' })
        return
      }
      store.setSession(result.value)
    }
    store.openFile(null)
  }
  const ask = () => {
    if (signedIn && runner.getProgress().running) setWarning(true)
    else void leave()
  }
  return (
    <>
      <button type="button" className="button quiet" onClick={ask}>
        {signedIn ? 'Sign out' : 'Sign in'}
      </button>
      {warning && (
        <SignOutWhileSending
          onClose={() => setWarning(false)}
          onSignOut={() => {
            setWarning(false)
            void leave()
          }}
        />
      )}
    </>
  )
}
