import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'

/**
 * Signed in: "Sign out" (the session ends, drafts stay). Signed out while working offline: "Sign in",
 * which goes back to the sign-in screen.
 */
export function SignOutButton() {
  const { api } = useAppServices()
  const signedIn = useUiStore((s) => s.session?.state === 'signed-in')
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
  return (
    <button type="button" className="button quiet" onClick={() => void leave()}>
      {signedIn ? 'Sign out' : 'Sign in'}
    </button>
  )
}
