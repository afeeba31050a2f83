import { useEffect, useRef } from 'react'
import { useUiStore } from '../state/uiStore'
import { SettingsForm } from './SettingsForm'

/** The settings, as a modal dialog over any screen; Escape or Cancel closes it without saving. */
export function SettingsDialog() {
  const open = useUiStore((s) => s.settingsOpen)
  const settings = useUiStore((s) => s.settings)
  const appInfo = useUiStore((s) => s.appInfo)
  const setOpen = useUiStore((s) => s.setSettingsOpen)
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])

  return (
    <dialog ref={dialogRef} className="settings-dialog" aria-label="Settings" onClose={() => setOpen(false)}>
      {open && settings && appInfo && <SettingsForm settings={settings} appInfo={appInfo} onClose={() => setOpen(false)} />}
    </dialog>
  )
}
