import { useUiStore } from '../state/uiStore'
import { useModalDialog } from '../ui/useModalDialog'
import { SettingsForm } from './SettingsForm'

/** The settings, as a modal dialog over any screen; Escape or Cancel closes it without saving. */
export function SettingsDialog() {
  const open = useUiStore((s) => s.settingsOpen)
  const settings = useUiStore((s) => s.settings)
  const appInfo = useUiStore((s) => s.appInfo)
  const setOpen = useUiStore((s) => s.setSettingsOpen)
  const dialogRef = useModalDialog(open)

  return (
    <dialog ref={dialogRef} className="help-dialog settings-dialog" aria-label="Settings" onClose={() => setOpen(false)}>
      {open && settings && appInfo && <SettingsForm settings={settings} appInfo={appInfo} onClose={() => setOpen(false)} />}
    </dialog>
  )
}
