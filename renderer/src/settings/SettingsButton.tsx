import { useUiStore } from '../state/uiStore'

/** Opens the settings (also Ctrl+,). */
export function SettingsButton() {
  const setOpen = useUiStore((s) => s.setSettingsOpen)
  return (
    <button type="button" className="button quiet" onClick={() => setOpen(true)} aria-keyshortcuts="Control+Comma">
      Settings
    </button>
  )
}
