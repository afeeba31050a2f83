import { useAppServices } from './app/AppServicesContext'
import { StartingScreen } from './app/StartingScreen'
import { chooseFileToOpen } from './session/chooseFileToOpen'
import { FilePickerScreen } from './session/FilePickerScreen'
import { SignInScreen } from './session/SignInScreen'
import { useAutoOpenFile } from './session/useAutoOpenFile'
import { useMainEvents } from './state/useMainEvents'
import { useUiStore } from './state/uiStore'
import { SettingsDialog } from './settings/SettingsDialog'
import { useSettingsShortcut } from './settings/useSettingsShortcut'
import { Workspace } from './workspace/Workspace'

/** The screen the clerk sees, with the settings dialog over any of them. */
export function App() {
  useSettingsShortcut()
  return (
    <>
      <Screen />
      <SettingsDialog />
    </>
  )
}

/** Which screen the clerk sees: derived from the session and the open file, nothing else. */
function Screen() {
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
