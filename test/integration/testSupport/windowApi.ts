import type { ApiErrorCode, ApiResult } from '../../../shared/apiError'
import type { ChannelData } from '../../../shared/ipc'
import type { SyncApi } from '../../../renderer/src/sync/syncTypes'
import { markerIn } from './demoDrafts'
import type { MainStack } from './mainStack'

/**
 * `window.leaveDesk` as one window of the app sees it: every call crosses a structured clone (as
 * ipcRenderer.invoke does) into the real IPC dispatcher. It also keeps a log of every leave request the
 * runner posted, by the marker in its Notes, so a test can tell whether a draft was ever sent twice.
 */
export interface PostRecord {
  marker: string | undefined
  outcome?: 'ok' | ApiErrorCode
  /** How long main took to answer (a request that timed out lasted at least the headers timeout). */
  durationMs?: number
  /** When the answer came back (performance.now()). */
  endedAt?: number
}

/** One PUT or GET of a request already in payroll, as the runner made it. */
export interface UpdateCallRecord {
  method: 'PUT' | 'GET'
  id: number
  outcome?: 'ok' | ApiErrorCode
}

export interface PostLog {
  posts: PostRecord[]
  /** Every PUT and GET by Id, in the order they left. */
  updateCalls: UpdateCallRecord[]
  postsFor(marker: string): PostRecord[]
  inFlight(): number
  maxInFlight(): number
}

export interface WindowApi {
  api: SyncApi
  log: PostLog
  /** Runs before the n-th post (0-based) is handed to main; may wait (to hold a request back) or act on the sandbox. */
  beforePost: ((index: number) => void | Promise<void>) | undefined
  /** The page goes away (reload, crash): main learns it as Electron's webContents would tell it. */
  pageGone(): void
}

export function windowApi(stack: MainStack, log: PostLog = postLog()): WindowApi {
  const counting = log as PostLogInternal
  const lifetime = new AbortController()
  const window: WindowApi = {
    log,
    beforePost: undefined,
    pageGone: () => lifetime.abort(),
    api: {
      async insertLeaveRequest(fileId, body, requestKey, payroll) {
        const index = counting.posts.length
        const record: PostRecord = { marker: markerIn(body.Notes ?? '') }
        counting.posts.push(record)
        counting.started()
        try {
          await window.beforePost?.(index)
          const started = performance.now()
          const result = (await stack.dispatch('insertLeaveRequest', structuredClone([fileId, body, requestKey, payroll]), { signal: lifetime.signal })) as ApiResult<ChannelData<'insertLeaveRequest'>>
          record.endedAt = performance.now()
          record.durationMs = record.endedAt - started
          record.outcome = result.ok ? 'ok' : result.error.code
          return structuredClone(result)
        } finally {
          counting.finished()
        }
      },
      async putLeaveRequest(fileId, id, body, requestKey, payroll) {
        const record: UpdateCallRecord = { method: 'PUT', id }
        log.updateCalls.push(record)
        const result = (await stack.dispatch('putLeaveRequest', structuredClone([fileId, id, body, requestKey, payroll]), { signal: lifetime.signal })) as ApiResult<ChannelData<'putLeaveRequest'>>
        record.outcome = result.ok ? 'ok' : result.error.code
        return structuredClone(result)
      },
      async getLeaveRequest(fileId, id) {
        const record: UpdateCallRecord = { method: 'GET', id }
        log.updateCalls.push(record)
        const result = (await stack.dispatch('getLeaveRequest', structuredClone([fileId, id]))) as ApiResult<ChannelData<'getLeaveRequest'>>
        record.outcome = result.ok ? 'ok' : result.error.code
        return structuredClone(result)
      },
      listWritesInFlight: async () => structuredClone((await stack.dispatch('listWritesInFlight', [])) as ApiResult<ChannelData<'listWritesInFlight'>>),
      takeSettledWrites: async () => structuredClone((await stack.dispatch('takeSettledWrites', [])) as ApiResult<ChannelData<'takeSettledWrites'>>),
      getConnectivityStatus: async () => structuredClone((await stack.dispatch('getConnectivityStatus', [])) as ApiResult<ChannelData<'getConnectivityStatus'>>),
      getSessionStatus: async () => structuredClone((await stack.dispatch('getSessionStatus', [])) as ApiResult<ChannelData<'getSessionStatus'>>),
      onConnectivityChanged: (listener) => stack.services.onConnectivityChanged((status) => listener(structuredClone(status))),
      onSessionChanged: (listener) => stack.services.onSessionChanged((status) => listener(structuredClone(status)))
    }
  }
  return window
}

interface PostLogInternal extends PostLog {
  started(): void
  finished(): void
}

/** One log may be shared by two windows, to see every post that reached main. */
export function postLog(): PostLog {
  let current = 0
  let highest = 0
  const log: PostLogInternal = {
    posts: [],
    updateCalls: [],
    postsFor: (marker) => log.posts.filter((post) => post.marker === marker),
    inFlight: () => current,
    maxInFlight: () => highest,
    started() {
      current += 1
      highest = Math.max(highest, current)
    },
    finished() {
      current -= 1
    }
  }
  return log
}
