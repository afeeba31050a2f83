import { format } from 'date-fns'
import type { TeamStatus } from './teamStatusStore'

/** The team line's words: how fresh the view of colleagues' requests is, and that sending never waits on it. */
export interface TeamStatusWords {
  tone: 'good' | 'busy' | 'warning'
  label: string
  detail: string
}

export function teamStatusWords(status: TeamStatus, setAside: number): TeamStatusWords | null {
  const asOf = status.state !== 'off' && status.asOf !== undefined ? format(new Date(status.asOf), 'HH:mm') : null
  const setAsideWords =
    setAside > 0 ? ` ${setAside} team record${setAside === 1 ? ' was' : 's were'} unreadable and left out of the checks (see the log).` : ''
  switch (status.state) {
    case 'off':
      return null
    case 'up-to-date':
      return { tone: 'good', label: `Team as of ${asOf}`, detail: `Colleagues’ requests are up to date as of ${asOf}.${setAsideWords}` }
    case 'syncing':
      return asOf
        ? { tone: 'busy', label: `Team as of ${asOf}, updating`, detail: `Colleagues’ requests as of ${asOf}; newer ones are arriving.${setAsideWords}` }
        : { tone: 'busy', label: 'Team: connecting', detail: `Fetching colleagues’ requests from the team server.${setAsideWords}` }
    case 'unreachable':
      return {
        tone: 'warning',
        label: 'Team server unreachable — sending goes on',
        detail: `${asOf ? `Colleagues’ requests as of ${asOf}. ` : 'Colleagues’ requests are not known yet. '}Your requests still go to payroll; the team view catches up when the server is back.${setAsideWords}`
      }
  }
}
