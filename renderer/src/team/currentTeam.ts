import { createStore } from 'zustand/vanilla'
import type { TeamDatabases } from './teamDatabases'

/**
 * The team databases of the payroll this page works on, for the claims and the rate budget, and whether
 * the last claim could be shared with the team server (for the screen). Null until a team server is set
 * up and opened (Settings → Team, wired by the ledger): the app then behaves exactly as with no team.
 */
export interface TeamState {
  team: TeamDatabases | null
  /** False while claims cannot reach the team server: sending goes on, and the screen says so. */
  claimsShared: boolean
}

export const teamStore = createStore<TeamState>(() => ({ team: null, claimsShared: true }))

export const currentTeam = (): TeamDatabases | null => teamStore.getState().team

export function setCurrentTeam(team: TeamDatabases | null): void {
  teamStore.setState({ team, claimsShared: true })
}

export function noteClaimsShared(shared: boolean): void {
  if (teamStore.getState().claimsShared !== shared) teamStore.setState({ claimsShared: shared })
}
