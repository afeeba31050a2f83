import { useUiStore } from '../state/uiStore'
import { KeyringOptInPrompt } from './KeyringOptInPrompt'
import { SignOutButton } from './SignOutButton'
import { fileLabel } from './fileIdentities'
import { useFileOpening } from './useFileOpening'
import { useKnownFiles } from './useKnownFiles'

/** Signed in with several files and none remembered: the clerk picks one, and it is remembered. */
export function FilePickerScreen(props: { fileIds: readonly number[] }) {
  const openFile = useFileOpening()
  const known = useKnownFiles()
  const username = useUiStore((s) => s.session?.username)
  return (
    <main className="sign-in-screen">
      <div className="sign-in-card">
        <h1>Choose a file</h1>
        <KeyringOptInPrompt />
        <p className="lede">
          {username ? `Signed in as ${username}. ` : ''}Which payroll file do you want to work in? Leave Desk opens it
          again next time.
        </p>
        {props.fileIds.length === 0 ? (
          <p className="notice warning-notice">This sign-in has no payroll files. Ask your payroll administrator for access.</p>
        ) : (
          <ul className="file-list">
            {props.fileIds.map((fileId, index) => (
              <li key={fileId}>
                {/* The keyboard starts on the first file, not on the page (after sign-in it had nowhere to go). */}
                <button type="button" className="button file-button" onClick={() => openFile(fileId)} autoFocus={index === 0}>
                  {fileLabel(fileId, known)}
                </button>
              </li>
            ))}
          </ul>
        )}
        <SignOutButton />
      </div>
    </main>
  )
}
