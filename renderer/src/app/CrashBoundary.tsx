import { Component, type ReactNode } from 'react'
import { CenteredScreen } from '../ui/CenteredScreen'

interface CrashState {
  error: Error | null
}

/** A bug in a screen shows this instead of a blank window; drafts are in IndexedDB, so reloading is safe. */
export class CrashBoundary extends Component<{ children: ReactNode }, CrashState> {
  override state: CrashState = { error: null }

  static getDerivedStateFromError(error: Error): CrashState {
    return { error }
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <CenteredScreen title="Something went wrong in Leave Desk" role="alert">
        <p>Your drafts are saved on this computer. Reload to carry on where you were.</p>
        <p className="technical">
          For support: <code>{`${this.state.error.name}: ${this.state.error.message}`}</code>
        </p>
        <button type="button" className="button primary" onClick={() => location.reload()}>
          Reload
        </button>
      </CenteredScreen>
    )
  }
}
