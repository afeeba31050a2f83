import { useUiStore } from '../state/uiStore'
import { useModalDialog } from '../ui/useModalDialog'
import { SHORTCUTS, worksInFields } from './shortcuts'

/** The list of shortcuts, from the same table the key handler uses. A modal dialog: Escape closes it. */
export function HelpDialog() {
  const open = useUiStore((s) => s.helpOpen)
  const setHelpOpen = useUiStore((s) => s.setHelpOpen)
  // The Close button at the end has the focus, which scrolled the list to its end: start at the top.
  const dialogRef = useModalDialog(open, () => dialogRef.current?.scrollTo({ top: 0 }))

  return (
    <dialog ref={dialogRef} className="help-dialog" aria-labelledby="help-title" onClose={() => setHelpOpen(false)}>
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table className="shortcut-table">
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">What they do</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.flatMap((shortcut) =>
            shortcut.keys.map((combo) => (
              <tr key={combo.join('+')}>
                <td>
                  <Keys combo={combo} />
                </td>
                <td>{shortcut.description}</td>
                <td>{worksInFields(shortcut, combo) ? 'Anywhere' : 'Outside text fields'}</td>
              </tr>
            ))
          )}
          <tr>
            <td>
              <kbd>↑</kbd> <kbd>↓</kbd> <kbd>Home</kbd> <kbd>End</kbd>
            </td>
            <td>Move between drafts (the editor follows); Enter goes to the editor</td>
            <td>In the drafts list</td>
          </tr>
          <tr>
            <td>
              <kbd>Space</kbd>
            </td>
            <td>Tick or untick the selected request, to approve or reject several at once (A, R)</td>
            <td>In the drafts list</td>
          </tr>
          <tr>
            <td>
              <kbd>Esc</kbd>
            </td>
            <td>Close this list, or clear the search</td>
            <td>Here, or in the search box</td>
          </tr>
        </tbody>
      </table>
      <form method="dialog">
        <button type="submit" className="button primary" autoFocus>
          Close
        </button>
      </form>
    </dialog>
  )
}

function Keys(props: { combo: readonly string[] }) {
  return props.combo.map((key, k) => (
    <span key={key}>
      {k > 0 && '+'}
      <kbd>{key}</kbd>
    </span>
  ))
}
