import { useEffect } from 'react'
import { useUiStore } from '../state/uiStore'
import { shortcutFor } from '../keyboard/shortcuts'

/** Ctrl+, opens the settings from every screen (the workspace's own shortcut handler does the same there). */
export function useSettingsShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat) return
      if (shortcutFor(event, true) !== 'settings') return
      event.preventDefault()
      useUiStore.getState().setSettingsOpen(true)
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
