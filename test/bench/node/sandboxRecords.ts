import type { Sandbox } from '../../../main/sandbox'
import { BENCH_FILE_ID, markerPrefix } from '../shared/benchDrafts'

/** How many records payroll holds for run `runTag`: a run that posts a draft twice shows here. */
export function recordsOfRun(sandbox: Sandbox, runTag: string): number {
  const prefix = markerPrefix(runTag)
  return sandbox.store.leaveRequests(BENCH_FILE_ID).filter((record) => (record.Notes ?? '').includes(prefix)).length
}
