import { useEffect, useRef, type ReactNode } from 'react'
import './bulk.css'

/** A modal <dialog> open while mounted: Escape and the close button call onClose; focus stays inside. */
export function ModalDialog(props: { titleId: string; className?: string; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])
  return (
    <dialog
      ref={ref}
      className={`bulk-dialog ${props.className ?? ''}`}
      aria-labelledby={props.titleId}
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
    >
      {props.children}
    </dialog>
  )
}
