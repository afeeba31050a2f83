import { useStore } from 'zustand'
import { teamStore } from './currentTeam'
import { TEAM_UNSHARED_MESSAGE } from './teamClaimWords'

/** While claims cannot reach the team server: sending goes on, and the clerk is told why colleagues cannot see it yet. */
export function TeamUnsharedNote() {
  const unshared = useStore(teamStore, (state) => state.team !== null && !state.claimsShared)
  if (!unshared) return null
  return (
    <p role="status" className="sync-paused team-unshared">
      {TEAM_UNSHARED_MESSAGE}
    </p>
  )
}
