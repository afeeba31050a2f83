import { CenteredScreen } from '../ui/CenteredScreen'
import { storageProblem } from './storageProblem'

/** Shown instead of a blank window when the drafts database cannot be opened. */
export function StorageErrorScreen(props: { error: unknown; onRetry: () => void }) {
  const problem = storageProblem(props.error)
  return (
    <CenteredScreen title={problem.title} role="alert">
      <p>{problem.advice}</p>
      <p className="technical">
        For support: <code>{problem.technical}</code>
      </p>
      <button type="button" className="button primary" onClick={props.onRetry}>
        Try again
      </button>
    </CenteredScreen>
  )
}
