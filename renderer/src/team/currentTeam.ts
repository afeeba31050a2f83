import { createStore } from 'zustand/vanilla'
import type { TeamDatabases } from './teamDatabases'

/**
 * The team databases of the payroll this page works on, for the claims and the rate budget, and whether
 * the last claim could be shared with the team server (for the screen). Null until a team server is set
 * up and opened (Settings → Team, wired by the ledger): the app then behaves exactly as with no team.
 */
export interface TeamState {
  team: TeamDatabases | null
  /** The payroll file the team database is for. */
  fileId: number | null
  /** Whether the replica heard from the team server lately (the ledger's replication tells it). */
  reachable: boolean
  /** False while claims cannot reach the team server: sending goes on, and the screen says so. */
  claimsShared: boolean
  /** Counts claim documents changed in the replica: a collision may have just arrived (watchPossiblyTwice.ts). */
  claimChanges: number
}

export const teamStore = createStore<TeamState>(() => ({ team: null, fileId: null, reachable: false, claimsShared: true, claimChanges: 0 }))

export const currentTeam = (): TeamDatabases | null => teamStore.getState().team

export function setCurrentTeam(team: TeamDatabases | null, fileId: number | null = null): void {
  teamStore.setState({ team, fileId, reachable: false, claimsShared: true })
}

export function noteTeamReachable(reachable: boolean): void {
  if (teamStore.getState().reachable !== reachable) teamStore.setState({ reachable })
}

export function noteClaimsShared(shared: boolean): void {
  if (teamStore.getState().claimsShared !== shared) teamStore.setState({ claimsShared: shared })
}

export function noteClaimChanged(): void {
  teamStore.setState((state) => ({ claimChanges: state.claimChanges + 1 }))
}

/** Calls `listener` each time a claim document changes in the replica; answers how to stop. */
export function onClaimChanged(listener: () => void): () => void {
  return teamStore.subscribe((state, previous) => {
    if (state.claimChanges !== previous.claimChanges) listener()
  })
}
