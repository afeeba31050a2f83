import type { ApiError, ApiResult } from '../../../../shared/apiError'
import type { ConnectivityStatus, SessionStatus } from '../../../../shared/ipc'
import type { LeaveRequestInsert, LeaveRequestRecord, LeaveRequestUpdate } from '../../../../shared/leaveRequestSchema'
import type { SyncApi } from '../syncTypes'

/**
 * A stand-in for `window.leaveDesk` in the runner's unit tests: each post is answered by `answer`
 * (which may hold it back), and the tests move the session and connectivity and fire main's events.
 */
export type InsertAnswer = ApiResult<{ Id: number; LastModifiedDateUtc: string }>

export interface FakeSyncApi extends SyncApi {
  posts: { fileId: number; body: LeaveRequestInsert; requestKey?: string | undefined; payroll?: string | undefined }[]
  /** What main reports: writes still out, and answers not yet taken. */
  writesInFlight: { requestKey: string; startedAt: number }[]
  settledWrites: { requestKey: string; outcome: InsertAnswer }[]
  inFlight: number
  statusChecks: number
  answer: (body: LeaveRequestInsert, index: number) => InsertAnswer | Promise<InsertAnswer>
  /** Updates: each PUT and each GET, answered by `answerPut` / `answerGet` (default: not part of this test). */
  puts: { fileId: number; id: number; body: LeaveRequestUpdate; requestKey?: string | undefined }[]
  gets: { fileId: number; id: number }[]
  answerPut: (body: LeaveRequestUpdate, index: number) => InsertAnswer | Promise<InsertAnswer>
  answerGet: (id: number) => ApiResult<LeaveRequestRecord> | Promise<ApiResult<LeaveRequestRecord>>
  setSession(state: SessionStatus['state']): void
  setConnectivity(state: ConnectivityStatus['state']): void
}

const signedIn = (state: SessionStatus['state']): SessionStatus => ({
  state,
  fileIds: state === 'signed-in' ? [1001] : [],
  refreshExpiresSoon: false,
  persistence: 'this-run-only'
})

let nextId = 9000

export const accepted = (): InsertAnswer => ({ ok: true, value: { Id: (nextId += 1), LastModifiedDateUtc: '2026-03-02T09:00:00Z' } })
export const failed = (error: ApiError): InsertAnswer => ({ ok: false, error })

const NOT_IN_THIS_TEST: ApiError = { code: 'internal', message: 'This test does not expect updates.' }

export function fakeSyncApi(): FakeSyncApi {
  let session = signedIn('signed-in')
  let connectivity: ConnectivityStatus = { state: 'reachable', since: 0 }
  const sessionListeners = new Set<(status: SessionStatus) => void>()
  const connectivityListeners = new Set<(status: ConnectivityStatus) => void>()
  const api: FakeSyncApi = {
    posts: [],
    inFlight: 0,
    statusChecks: 0,
    answer: () => accepted(),
    puts: [],
    gets: [],
    answerPut: () => failed(NOT_IN_THIS_TEST),
    answerGet: () => ({ ok: false, error: NOT_IN_THIS_TEST }),
    async putLeaveRequest(fileId, id, body, requestKey) {
      const index = api.puts.length
      api.puts.push({ fileId, id, body: body as LeaveRequestUpdate, requestKey })
      return api.answerPut(body as LeaveRequestUpdate, index)
    },
    async getLeaveRequest(fileId, id) {
      api.gets.push({ fileId, id })
      return api.answerGet(id)
    },
    writesInFlight: [],
    settledWrites: [],
    async listWritesInFlight() {
      return { ok: true, value: api.writesInFlight.map((write) => ({ ...write })) }
    },
    async takeSettledWrites() {
      return { ok: true, value: api.settledWrites.splice(0) }
    },
    async insertLeaveRequest(fileId, body, requestKey, payroll) {
      const index = api.posts.length
      api.posts.push({ fileId, body: body as LeaveRequestInsert, requestKey, payroll })
      api.inFlight += 1
      try {
        return await api.answer(body as LeaveRequestInsert, index)
      } finally {
        api.inFlight -= 1
      }
    },
    async getSessionStatus() {
      api.statusChecks += 1
      return { ok: true, value: session }
    },
    async getConnectivityStatus() {
      return { ok: true, value: connectivity }
    },
    onSessionChanged(listener) {
      sessionListeners.add(listener)
      return () => sessionListeners.delete(listener)
    },
    onConnectivityChanged(listener) {
      connectivityListeners.add(listener)
      return () => connectivityListeners.delete(listener)
    },
    setSession(state) {
      session = signedIn(state)
      sessionListeners.forEach((listener) => listener(session))
    },
    setConnectivity(state) {
      connectivity = { state, since: 0 }
      connectivityListeners.forEach((listener) => listener(connectivity))
    }
  }
  return api
}

/** A promise to hold a request back with, and the function that lets it go. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

/** Holds every post until the returned gate opens, then accepts it. */
export function holdAcceptances(api: FakeSyncApi): { open: () => void } {
  const held = gate()
  api.answer = async () => {
    await held.opened
    return accepted()
  }
  return held
}

/**
 * Lets pending work (promise callbacks, fake-indexeddb's tasks) run until `done()` holds; fails after
 * `maxTurns` event-loop turns rather than waiting for ever. Counts turns, not time, so load cannot flake it.
 */
export async function runUntil(done: () => boolean, maxTurns = 2_000): Promise<void> {
  for (let turn = 0; turn < maxTurns; turn += 1) {
    if (done()) return
    await new Promise<void>((resolve) => setTimeout(resolve, 0))
  }
  throw new Error(`Still waiting after ${maxTurns} turns of the event loop.`)
}

/** Lets every pending promise callback and fake-indexeddb task run (bounded). */
export async function settleTasks(rounds = 50): Promise<void> {
  for (let i = 0; i < rounds; i += 1) await new Promise<void>((resolve) => setTimeout(resolve, 0))
}
