import { EventEmitter } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { fail } from '../../shared/apiError'
import { INVOKE_CHANNELS } from '../../shared/ipc'
import { createApiClient, NOT_SENT_ASKER_GONE_MESSAGE, type ApiClient } from '../api/apiClient'
import { dailyQuotaCounter, type DailyQuotaCounter, type QuotaCounts } from '../api/dailyQuotaCounter'
import { requestRateLimiter, type RequestRateLimiter } from '../api/requestRateLimiter'
import { FILE, pendingLeave } from '../api/testSupport/leaveRequests'
import { fixedAuth } from '../api/testSupport/sandboxAuth'
import { pageLifetimes } from './ipc'
import { boundPage as boundPageOf, reloadPage } from '../testSupport/boundPage'
import type { CallContext, ContextualServices } from './ipcDispatch'
import { DEMO_CREDENTIALS, startSandbox } from '../sandbox'

/**
 * The clerk reloads the window while inserts wait in main's rate limiter (live rate: 1/s). The reloaded
 * page's queue finds those drafts 'sending' and makes them Uncertain; if main still sent them seconds
 * later, a clerk who checks payroll, finds nothing and presses "Send again" would create a duplicate.
 * So a reload drops every write of the old page that has not started to go out, and says so.
 */
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const INSERT = 'POST /Payroll/LeaveRequest'
const { wsAccessKey, fileId } = DEMO_CREDENTIALS.legacyKey
const legacyAuth = () => fixedAuth({ kind: 'legacy', wsAccessKey, fileId })

/** The live rate, with a count of the callers waiting in it, so the test knows when they all wait. */
function watchedLimiter(): RequestRateLimiter & { untilWaiting(count: number): Promise<void> } {
  const inner = requestRateLimiter({ perSecond: 1 })
  let waiting = 0
  const watchers: { count: number; resolve: () => void }[] = []
  const changed = (by: number) => {
    waiting += by
    for (const watcher of watchers.filter((w) => waiting >= w.count)) {
      watchers.splice(watchers.indexOf(watcher), 1)
      watcher.resolve()
    }
  }
  return {
    async acquire(signal) {
      changed(+1)
      try {
        await inner.acquire(signal)
      } finally {
        changed(-1)
      }
    },
    untilWaiting: (count) => (waiting >= count ? Promise.resolve() : new Promise<void>((resolve) => watchers.push({ count, resolve })))
  }
}

function memoryQuota(): DailyQuotaCounter {
  let saved: QuotaCounts = {}
  return dailyQuotaCounter({ limit: 1000, store: { load: async () => saved, save: async (counts) => void (saved = counts) } })
}

/** Only the writes are real (the API client against `baseUrl`); they note the signal the IPC layer gave them. */
function writeServices(client: ApiClient) {
  const signals: AbortSignal[] = []
  const noted = (context: CallContext | undefined) => {
    if (context?.signal) signals.push(context.signal)
    return context?.signal ? { signal: context.signal } : {}
  }
  const services = Object.fromEntries(
    Object.keys(INVOKE_CHANNELS).map((name) => [name, async () => fail({ code: 'internal', message: `${name} is not used here` })])
  ) as unknown as ContextualServices
  services.insertLeaveRequest = (id, body, _requestKey, _payroll, context) => client.insertLeaveRequest(id, body, noted(context))
  services.putLeaveRequest = (id, recordId, body, _requestKey, _payroll, context) => client.putLeaveRequest(id, recordId, body, noted(context))
  services.onSessionChanged = () => () => {}
  services.onConnectivityChanged = () => () => {}
  return { services, signals }
}

function boundPage(services: ContextualServices) {
  const bound = boundPageOf(services)
  cleanups.push(async () => bound.dispose())
  return bound
}

const reload = reloadPage

describe('a reload while writes wait in the rate limiter', () => {
  it('drops every waiting insert: none reaches payroll, each says it was not sent, and the quota is given back', async () => {
    const sandbox = await startSandbox({ port: 0 })
    cleanups.push(() => sandbox.close())
    const limiter = watchedLimiter()
    const quota = memoryQuota()
    const client = createApiClient({ baseUrl: sandbox.baseUrl, auth: legacyAuth(), limiter, quota })
    cleanups.push(() => client.close())
    const { services, signals } = writeServices(client)
    const { page, invoke, log } = boundPage(services)
    const stored = () => sandbox.store.leaveRequests(FILE).length
    const before = stored()

    // The first insert takes this second's turn; the next four wait for theirs.
    expect(await invoke('insertLeaveRequest', FILE, pendingLeave({ Notes: 'first' }))).toMatchObject({ ok: true })
    const waiting = [1, 2, 3, 4].map((n) => invoke('insertLeaveRequest', FILE, pendingLeave({ Notes: `waiting ${n}` })))
    await limiter.untilWaiting(4)

    // A subframe's navigation, a same-document one (hash, pushState) and a main-frame navigation the window
    // then cancels (a file dropped on it: it starts, never commits) keep the page: nothing is dropped.
    page.emit('did-start-navigation', { isMainFrame: false, isSameDocument: false })
    page.emit('did-start-navigation', { isMainFrame: true, isSameDocument: true })
    page.emit('did-navigate-in-page')
    page.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
    expect(signals.map((s) => s.aborted)).toEqual([false, false, false, false, false])

    reload(page)
    const results = await Promise.all(waiting)
    const notSent = { ok: false, error: { code: 'network', message: NOT_SENT_ASKER_GONE_MESSAGE, details: { cause: 'asker-gone' } } }
    expect(results).toEqual([notSent, notSent, notSent, notSent])
    expect(signals.map((s) => s.aborted)).toEqual([true, true, true, true, true])
    expect(sandbox.stats.count(INSERT)).toBe(1)
    expect(stored()).toBe(before + 1)
    expect(await quota.used(FILE)).toBe(1)
    expect(log).toEqual(Array.from({ length: 4 }, () => 'IPC insertLeaveRequest dropped before sending: the page that asked for it went away'))

    // The reloaded page gets a fresh signal: its insert goes out as usual.
    expect(await invoke('insertLeaveRequest', FILE, pendingLeave({ Notes: 'after the reload' }))).toMatchObject({ ok: true })
    expect(signals.at(-1)?.aborted).toBe(false)
    expect(sandbox.stats.count(INSERT)).toBe(2)
    expect(stored()).toBe(before + 2)
  })

  it('never cuts off a write that has started to go out: its answer still comes back', async () => {
    const server = await holdingServer()
    const client = createApiClient({ baseUrl: server.baseUrl, auth: legacyAuth(), limiter: requestRateLimiter({ perSecond: 1 }) })
    cleanups.push(() => client.close())
    const { page, invoke } = boundPage(writeServices(client).services)

    const result = invoke('insertLeaveRequest', FILE, pendingLeave())
    await server.arrived
    reload(page)
    server.answer(200, { Id: 501, LastModifiedDateUtc: '2026-03-02T10:00:00Z' })
    expect(await result).toMatchObject({ ok: true, value: { Id: 501 } })
  })
})

/** A server on 127.0.0.1 that holds the first request's answer until the test gives it. */
async function holdingServer(): Promise<{ baseUrl: string; arrived: Promise<void>; answer(status: number, body: object): void }> {
  let answer: (status: number, body: object) => void = () => {
    throw new Error('no request has arrived yet')
  }
  let arrive: () => void = () => {}
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      answer = (status, body) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(JSON.stringify(body))
      }
      arrive()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  )
  const { port } = server.address() as AddressInfo
  return { baseUrl: `http://127.0.0.1:${port}`, arrived, answer: (status, body) => answer(status, body) }
}

describe('pageLifetimes', () => {
  it('keeps the page’s signal when a navigation only starts (the window may still cancel it)', () => {
    const lifetimes = pageLifetimes()
    const page = new EventEmitter()
    const signal = lifetimes.signalOf(page)
    page.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
    expect(signal.aborted).toBe(false)
    page.emit('did-navigate')
    expect(signal.aborted).toBe(true)
  })

  it.each([
    ['a main-frame navigation committing', 'did-navigate', undefined, true],
    ['the renderer process dying', 'render-process-gone', { reason: 'crashed' }, true],
    ['the window closing', 'destroyed', undefined, false]
  ])('aborts the page’s signal on %s, and gives later calls a fresh one', (_name, event, details, servesAgain) => {
    const lifetimes = pageLifetimes()
    const page = new EventEmitter()
    const other = new EventEmitter()
    const before = lifetimes.signalOf(page)
    const others = lifetimes.signalOf(other)
    expect(lifetimes.signalOf(page)).toBe(before)
    page.emit(event, details)
    expect(before.aborted).toBe(true)
    expect(others.aborted).toBe(false)
    if (servesAgain) expect(lifetimes.signalOf(page).aborted).toBe(false)
  })
})
