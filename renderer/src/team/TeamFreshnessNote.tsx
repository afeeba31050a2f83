import { useStore } from 'zustand'
import { teamStatusStore } from './teamStatusStore'
import { teamStatusWords } from './teamStatusWords'

/** Under a view that includes colleagues' requests: how fresh they are. Nothing without a team server. */
export function TeamFreshnessNote() {
  const status = useStore(teamStatusStore, (state) => state.status)
  const words = teamStatusWords(status, 0)
  if (!words) return null
  return (
    <p className="field-hint" data-testid="team-freshness">
      Includes colleagues’ requests ({words.label.charAt(0).toLowerCase()}
      {words.label.slice(1)}).
    </p>
  )
}
