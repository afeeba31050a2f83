import type { LeaveRequestRecord } from '../../shared/leaveRequestSchema'
import type { FileData } from './leaveStore'
import type { PersistedState } from './persistence'

/**
 * The sandbox's journal (`<data file>.journal`): one line per commit, appended and fsync'd before the
 * commit's answers go out, so a commit costs what changed, not the size of the file. A line holds the
 * commit's number, what changed of the small part of the state (the counters and tokens; each file's pay
 * items, people, balances… field by field) and the leave requests written since the last commit, whole,
 * each with its write count. Replaying the lines after the last snapshot's commit over that snapshot gives the
 * state; stateCommits.ts writes a new snapshot and drops the journal when the journal has grown as large
 * as the snapshot, so compaction costs a constant share of each commit however large the data grows.
 *
 * Leave requests are only ever added or replaced by Id (never deleted), which is what lets a line carry
 * just the ones written.
 */

/** A file's data but its leave requests and their write counts, which travel with each record. */
/** A leave request as the journal holds it: its file, the record, and its write count (FileData.versions). */
export type JournalRecord = [fileId: string, record: LeaveRequestRecord, version: number | null]

/** One field of a file other than its leave requests and their counts (pay items, people, balances…). */
export type JournalPart = [fileId: string, field: string, value: unknown]

export interface JournalTop {
  nextId: number
  lastStamp: number
  tokens: PersistedState['tokens']
}

export interface JournalLine {
  seq: number
  top?: JournalTop
  parts: JournalPart[]
  records: JournalRecord[]
}

/** The head of a state, each piece serialised at once (it reads the live stores): what a line may carry. */
export interface HeadTexts {
  top: string
  /** `fileId/field` → the field's JSON. */
  parts: Map<string, string>
}

const PER_RECORD_FIELDS = new Set(['leaveRequests', 'versions'])

export function journalPathOf(dataFile: string): string {
  return `${dataFile}.journal`
}

export function headTexts(state: PersistedState): HeadTexts {
  const parts = new Map<string, string>()
  for (const [id, file] of Object.entries(state.leaves.files)) {
    for (const [field, value] of Object.entries(file)) {
      if (!PER_RECORD_FIELDS.has(field) && value !== undefined) parts.set(`${id}/${field}`, JSON.stringify(value))
    }
  }
  const top: JournalTop = { nextId: state.leaves.nextId, lastStamp: state.leaves.lastStamp, tokens: state.tokens }
  return { top: JSON.stringify(top), parts }
}

/** One journal line, with its line end: the top and the parts that changed since `before`, and the records. */
export function journalLineText(seq: number, head: HeadTexts, before: HeadTexts, records: JournalRecord[]): string {
  const parts: string[] = []
  for (const [key, json] of head.parts) {
    if (before.parts.get(key) === json) continue
    const [fileId, field] = key.split('/') as [string, string]
    parts.push(`[${JSON.stringify(fileId)},${JSON.stringify(field)},${json}]`)
  }
  const top = head.top === before.top ? '' : `,"top":${head.top}`
  return `{"seq":${seq}${top},"parts":[${parts.join(',')}],"records":${JSON.stringify(records)}}\n`
}

/** Applies one line to a state read from the snapshot and the lines before it (mutating it). */
export function applyJournalLine(state: PersistedState, line: JournalLine, indexes: Map<string, Map<number, number>>): void {
  if (line.top) {
    state.leaves.nextId = line.top.nextId
    state.leaves.lastStamp = line.top.lastStamp
    state.tokens = line.top.tokens
  }
  for (const [fileId, field, value] of line.parts) {
    const file = (state.leaves.files[fileId] ??= { leaveRequests: [] } as unknown as FileData) as unknown as Record<string, unknown>
    file[field] = value
  }
  for (const [fileId, record, version] of line.records) {
    const file = state.leaves.files[fileId]
    if (!file) continue
    if (version !== null) (file.versions ??= {})[record.Id] = version
    let index = indexes.get(fileId)
    if (!index) {
      index = new Map(file.leaveRequests.map((existing, at) => [existing.Id, at]))
      indexes.set(fileId, index)
    }
    const at = index.get(record.Id)
    if (at === undefined) {
      index.set(record.Id, file.leaveRequests.length)
      file.leaveRequests.push(record)
    } else {
      file.leaveRequests[at] = record
    }
  }
}
