import { createStore } from 'zustand/vanilla'

/**
 * How fresh this computer's view of the team is, for the status line and every screen that shows
 * colleagues' requests. Facts only; the words are in teamStatusWords.ts.
 */
export type TeamStatus =
  | { state: 'off' }
  /** Replicating: `asOf` is the last time both directions had caught up, if ever. */
  | { state: 'syncing'; asOf?: number }
  | { state: 'up-to-date'; asOf: number }
  | { state: 'unreachable'; asOf?: number }

export interface SetAsideDoc {
  id: string
  reason: string
}

export interface TeamState {
  status: TeamStatus
  /** Documents read from the team database that failed validation: kept out of every check. */
  setAside: readonly SetAsideDoc[]
}

/** At most this many set-aside documents are listed; the count beyond is what matters. */
const MAX_LISTED = 50

export const teamStatusStore = createStore<TeamState>(() => ({ status: { state: 'off' }, setAside: [] }))

export function setTeamStatus(status: TeamStatus): void {
  teamStatusStore.setState({ status })
}

export function teamAsOf(): number | undefined {
  const { status } = teamStatusStore.getState()
  return status.state === 'off' ? undefined : status.asOf
}

export function recordSetAside(doc: SetAsideDoc): void {
  console.warn(`Team ledger: a document was set aside (${doc.id}): ${doc.reason}`)
  const listed = teamStatusStore.getState().setAside.filter((item) => item.id !== doc.id)
  teamStatusStore.setState({ setAside: [...listed, doc].slice(-MAX_LISTED) })
}

export function clearSetAside(id: string): void {
  const { setAside } = teamStatusStore.getState()
  if (setAside.some((item) => item.id === id)) teamStatusStore.setState({ setAside: setAside.filter((item) => item.id !== id) })
}
