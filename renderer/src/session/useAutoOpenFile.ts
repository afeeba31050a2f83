import { useEffect } from 'react'
import { useUiStore } from '../state/uiStore'
import { chooseFileToOpen } from './chooseFileToOpen'
import { useFileOpening } from './useFileOpening'

/** Once signed in, goes straight to the remembered (or only) file instead of asking. */
export function useAutoOpenFile(): void {
  const session = useUiStore((s) => s.session)
  const remembered = useUiStore((s) => s.settings?.rememberedFileId)
  const openFileId = useUiStore((s) => s.openFileId)
  const openFile = useFileOpening()
  useEffect(() => {
    if (session?.state !== 'signed-in' || openFileId !== null || remembered === undefined) return
    const fileId = chooseFileToOpen(session.fileIds, remembered)
    if (fileId !== null) openFile(fileId)
  }, [session, remembered, openFileId, openFile])
}
