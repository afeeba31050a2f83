import { useEffect, useRef } from 'react'

/**
 * A <dialog> shown modally while `open` is true and closed when it turns false; `onShown` runs right
 * after showModal (which has just moved the focus to the dialog's first control).
 */
export function useModalDialog(open: boolean, onShown?: () => void) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const shown = useRef(onShown)
  shown.current = onShown
  useEffect(() => {
    const dialog = dialogRef.current
    if (!dialog) return
    if (open && !dialog.open) {
      dialog.showModal()
      shown.current?.()
    }
    if (!open && dialog.open) dialog.close()
  }, [open])
  return dialogRef
}
