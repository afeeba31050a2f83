import { useEffect, useId, useRef, useState } from 'react'

/** One thing the drafts list's menu can do; `group` keeps related entries together (bulk work, exports, decisions). */
export interface ListMenuEntry {
  id: string
  label: string
  run: () => void
  disabled?: boolean
}

/**
 * The drafts list's menu ("More"): the bulk work that used to take two rows of buttons above the list.
 * A button that opens a menu of entries, keyboard-first as a menu button is: Enter, Space or ↓ opens it
 * on its first entry, ↑/↓ move, Home/End jump, Escape or Tab closes it and the focus goes back to the
 * button. Entries come in groups from whoever adds them (BulkTools' import and exports, the drafts'
 * actions), divided by a line.
 */
export function ListMenu(props: { label: string; groups: readonly (readonly ListMenuEntry[])[] }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? [])]

  useEffect(() => {
    if (open) items()[0]?.focus()
  }, [open])
  useEffect(() => {
    if (!open) return
    const onPointer = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const close = (focusButton: boolean) => {
    setOpen(false)
    if (focusButton) buttonRef.current?.focus()
  }
  const onMenuKey = (event: React.KeyboardEvent) => {
    const list = items()
    const at = list.indexOf(document.activeElement as HTMLButtonElement)
    const move = (index: number) => {
      event.preventDefault()
      list[(index + list.length) % list.length]?.focus()
    }
    if (event.key === 'ArrowDown') move(at + 1)
    else if (event.key === 'ArrowUp') move(at - 1)
    else if (event.key === 'Home') move(0)
    else if (event.key === 'End') move(list.length - 1)
    else if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close(true)
    } else if (event.key === 'Tab') close(false)
  }
  const groups = props.groups.filter((group) => group.length > 0)

  return (
    <div className="list-menu">
      <button
        ref={buttonRef}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault()
            setOpen(true)
          }
        }}
      >
        {props.label}
        <span aria-hidden="true" className="list-menu-caret">
          ▾
        </span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={props.label} className="list-menu-popup" onKeyDown={onMenuKey}>
          {groups.map((group, index) => (
            <div key={index} role="group" className="list-menu-group">
              {group.map((entry) => (
                <button
                  key={entry.id}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  disabled={entry.disabled}
                  onClick={() => {
                    close(true)
                    entry.run()
                  }}
                >
                  {entry.label}
                </button>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  )
}
