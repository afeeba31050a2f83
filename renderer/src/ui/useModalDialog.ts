import { useEffect, useRef } from 'react'

/**
 * Keeps a <dialog> shown as a modal while `open` is true (the focus trap and Escape come with it).
 * `onShown` runs right after showModal, which has just moved the focus to the first control: a dialog
 * that starts elsewhere (the calendar's day) moves it there.
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
