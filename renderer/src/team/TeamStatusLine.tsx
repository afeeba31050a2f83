import { useStore } from 'zustand'
import { teamStatusStore } from './teamStatusStore'
import { teamStatusWords } from './teamStatusWords'
import './team.css'

/** In the header beside payroll's status: how fresh the team view is. Nothing when no team server is set up. */
export function TeamStatusLine() {
  const status = useStore(teamStatusStore, (state) => state.status)
  const setAside = useStore(teamStatusStore, (state) => state.setAside.length)
  const words = teamStatusWords(status, setAside)
  if (!words) return null
  return (
    <p className={`connectivity team-status team-status-${words.tone}`} role="status" title={words.detail} data-testid="team-status">
      <span>{words.label}</span>
      <span className="visually-hidden">. {words.detail}</span>
    </p>
  )
}
