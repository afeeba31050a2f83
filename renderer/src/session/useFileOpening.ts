import { useCallback } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { useUiStore } from '../state/uiStore'

/** Opens a file and remembers it (settings) so the next start reopens it. */
export function useFileOpening(): (fileId: number) => void {
  const { api } = useAppServices()
  return useCallback(
    (fileId: number) => {
      const store = useUiStore.getState()
      store.openFile(fileId)
      if (store.settings?.rememberedFileId === fileId) return
      void api.updateSettings({ rememberedFileId: fileId }).then((result) => {
        if (result.ok) useUiStore.getState().setSettings(result.value)
      })
    },
    [api]
  )
}
