import { useUiStore } from '../state/uiStore'
import { signInExpiryMessage } from './signInExpiry'
import { SignOutButton } from './SignOutButton'

/** A calm warning, weeks ahead, that the 12-month payroll sign-in is about to run out. */
export function SignInExpiryNotice() {
  const message = useUiStore((s) => signInExpiryMessage(s.session, Date.now()))
  if (!message) return null
  return (
    <section className="notice warning-notice" aria-label="Sign-in running out">
      <p>{message}</p>
      <div className="button-row">
        <SignOutButton />
      </div>
    </section>
  )
}
