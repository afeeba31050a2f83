import { loadState, type PersistedState } from '../persistence'

/** Test support: what the sandbox's data file and journal hold, read as a restart would read them. */
export function stateOnDisk(dataFile: string): PersistedState {
  const loaded = loadState(dataFile, Date.now())
  if (loaded.kind !== 'loaded') throw new Error(`No sandbox data in ${dataFile} (${loaded.kind}).`)
  return loaded.state
}

/** The Ids of a file's leave requests on disk, in order. */
export function idsOnDisk(dataFile: string, fileId = 1001): number[] {
  return stateOnDisk(dataFile).leaves.files[String(fileId)]?.leaveRequests.map((record) => record.Id) ?? []
}
