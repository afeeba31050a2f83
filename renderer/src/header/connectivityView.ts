import type { ConnectivityStatus, SessionStatus } from '../../../shared/ipc'
import { SIGNED_IN_ELSEWHERE } from '../session/sessionEndedWords'

/** What the connectivity indicator says: a word, an icon and a sentence, never colour alone. */
export type ConnectivityTone = 'online' | 'offline' | 'signed-out' | 'checking'

export interface ConnectivityView {
  tone: ConnectivityTone
  label: string
  detail: string
}

export function connectivityView(session: SessionStatus | null, connectivity: ConnectivityStatus | null): ConnectivityView {
  if (session?.state === 'signed-out') {
    return {
      tone: 'signed-out',
      label: 'Signed out',
      detail: session.endedBecause === 'refresh-refused'
        ? SIGNED_IN_ELSEWHERE
        : 'Drafts are kept on this computer. Sign in to send them to payroll.'
    }
  }
  switch (connectivity?.state) {
    case 'reachable':
      return { tone: 'online', label: 'Online', detail: 'Payroll can be reached. Queued requests are sent automatically.' }
    case 'unreachable':
      return {
        tone: 'offline',
        label: 'Offline',
        detail: 'Payroll cannot be reached. Keep drafting: everything is saved here and sent once payroll is back.'
      }
    default:
      return { tone: 'checking', label: 'Checking…', detail: 'Checking whether payroll can be reached.' }
  }
}
