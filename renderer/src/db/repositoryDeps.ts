import type { EpochMs } from './records'

/** What the repository needs from the outside world, injectable so tests control time and ids. */
export interface RepositoryDeps {
  now: () => EpochMs
  newId: () => string
}

export const defaultDeps: RepositoryDeps = {
  now: () => Date.now(),
  newId: () => crypto.randomUUID()
}
