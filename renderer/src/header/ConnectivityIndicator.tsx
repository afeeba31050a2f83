import { useUiStore } from '../state/uiStore'
import { Icon, type IconName } from '../ui/Icon'
import { connectivityView, type ConnectivityTone } from './connectivityView'

const ICONS: Readonly<Record<ConnectivityTone, IconName>> = {
  online: 'online',
  offline: 'offline',
  'signed-out': 'signedOut',
  checking: 'checking'
}

/** Online / Offline / Signed out, in a word and an icon, with the sentence behind it for anyone who asks. */
export function ConnectivityIndicator() {
  const session = useUiStore((s) => s.session)
  const connectivity = useUiStore((s) => s.connectivity)
  const view = connectivityView(session, connectivity)
  return (
    <p className={`connectivity connectivity-${view.tone}`} role="status" title={view.detail} data-testid="connectivity">
      <Icon name={ICONS[view.tone]} />
      <span>{view.label}</span>
      <span className="visually-hidden">. {view.detail}</span>
    </p>
  )
}
