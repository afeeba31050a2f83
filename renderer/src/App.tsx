import { useAppServices } from './app/AppServicesContext'
import { StartingScreen } from './app/StartingScreen'
import { chooseFileToOpen } from './session/chooseFileToOpen'
import { FilePickerScreen } from './session/FilePickerScreen'
import { SignInScreen } from './session/SignInScreen'
import { useAutoOpenFile } from './session/useAutoOpenFile'
import { useMainEvents } from './state/useMainEvents'
import { useUiStore } from './state/uiStore'
import { Workspace } from './workspace/Workspace'

/** Which screen the clerk sees: derived from the session and the open file, nothing else. */
export function App() {
  const { api } = useAppServices()
  useMainEvents(api)
  useAutoOpenFile()
  const session = useUiStore((s) => s.session)
  const settings = useUiStore((s) => s.settings)
  const openFileId = useUiStore((s) => s.openFileId)

  if (!session || !settings) return <StartingScreen message="Checking your sign-in…" />
  if (openFileId !== null) return <Workspace fileId={openFileId} />
  // useAutoOpenFile opens it after this render; no flash of the file picker meanwhile.
  if (session.state === 'signed-in' && chooseFileToOpen(session.fileIds, settings.rememberedFileId) !== null) {
    return <StartingScreen message="Opening your file…" />
  }
  if (session.state === 'signed-in') return <FilePickerScreen fileIds={session.fileIds} />
  return <SignInScreen />
}
