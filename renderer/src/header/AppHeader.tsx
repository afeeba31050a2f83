import { useAppServices } from '../app/AppServicesContext'
import { CalendarButton } from '../calendar/CalendarButton'
import { SignOutButton } from '../session/SignOutButton'
import { SettingsButton } from '../settings/SettingsButton'
import { useUiStore } from '../state/uiStore'
import { SyncPanel } from '../sync'
import { TeamStatusLine } from '../team/TeamStatusLine'
import { Icon } from '../ui/Icon'
import { ConnectivityIndicator } from './ConnectivityIndicator'
import { FileSwitcher } from './FileSwitcher'
import { UpdateNotice } from './UpdateNotice'
import { useConnectivityProbes } from './useConnectivityProbes'

export function AppHeader(props: { fileId: number }) {
  const { runner } = useAppServices()
  const setHelpOpen = useUiStore((s) => s.setHelpOpen)
  useConnectivityProbes(props.fileId)
  return (
    <header className="app-header">
      <div className="brand">
        <h1>Leave Desk</h1>
        <FileSwitcher fileId={props.fileId} />
      </div>
      <div className="header-sync">
        <SyncPanel runner={runner} />
      </div>
      <div className="header-tools">
        <UpdateNotice />
        <ConnectivityIndicator />
        <TeamStatusLine />
        <CalendarButton />
        <button type="button" className="button quiet" onClick={() => setHelpOpen(true)} aria-keyshortcuts="F1">
          <Icon name="keyboard" />
          Shortcuts
        </button>
        <SettingsButton />
        <SignOutButton />
      </div>
    </header>
  )
}
