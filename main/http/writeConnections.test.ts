import { EventEmitter } from 'node:events'
import { Readable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { sendHttpRequest, type HttpExchange } from '../api/sendHttpRequest'
import { createElectronNetDispatcher } from './electronNetDispatcher'
import { netRequestFetch, type NetClientRequest, type NetRequest } from './netRequestFetch'
import { isWrite, type WritesSession } from './writeConnections'

/**
 * Closing the writes' partition's connections fails whatever is in flight there, so writes take turns:
 * the next one's connections are closed only once the one before has its whole answer. Reads never wait.
 * Electron's net.request is scripted here, so the test decides when payroll answers.
 */
interface Sent {
  method: string
  session: WritesSession | undefined
  headers: Map<string, string>
  answer(status: number): void
}

function scriptedElectron(closing: () => Promise<void> = async () => {}, options: { writesSafeToRepeat?: boolean } = {}) {
  const sent: Sent[] = []
  const log: string[] = []
  const writesSession: WritesSession = { closeAllConnections: () => (log.push('close all'), closing()) }
  const request: NetRequest = (options) => {
    const emitter = new EventEmitter() as EventEmitter & NetClientRequest
    const headers = new Map<string, string>()
    Object.assign(emitter, {
      setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), value),
      write: () => true,
      abort: () => {},
      end: () => {
        log.push(`${options.method} out`)
        sent.push({
          method: options.method,
          session: options.session,
          headers,
          answer: (status) => emitter.emit('response', Object.assign(Readable.from(['{}']), { statusCode: status, statusMessage: '', headers: {} }))
        })
      }
    })
    return emitter
  }
  const dispatcher = createElectronNetDispatcher({ fetch: netRequestFetch(request, { onLogin: (_info, callback) => callback(), writesSession }), ...options })
  const send = (method: 'GET' | 'POST' | 'PUT', done: HttpExchange[]) =>
    void sendHttpRequest(dispatcher, { method, url: new URL('https://payroll.test/Payroll/LeaveRequest'), headers: {}, body: '{}', headersTimeoutMs: 30_000, bodyTimeoutMs: 30_000 }).then((exchange) =>
      done.push(exchange)
    )
  return { sent, log, writesSession, send }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('writes on the Chromium path take turns, each on its own connection', () => {
  it('a second write waits for the first one’s answer before the partition’s connections are closed', async () => {
    const { sent, log, writesSession, send } = scriptedElectron()
    const done: HttpExchange[] = []
    send('POST', done)
    send('PUT', done)
    await settle()
    expect(log).toEqual(['close all', 'POST out'])
    expect(sent[0]).toMatchObject({ method: 'POST', session: writesSession })
    expect(sent[0]!.headers.get('connection')).toBe('close')

    sent[0]!.answer(200)
    await settle()
    await settle()
    expect(done).toHaveLength(1)
    expect(log).toEqual(['close all', 'POST out', 'close all', 'PUT out'])
    sent[1]!.answer(200)
    await settle()
    await settle()
    expect(done.map((exchange) => exchange.kind)).toEqual(['answer', 'answer'])
  })

  it('a read goes at once, in the default session, while a write waits for its answer', async () => {
    const { sent, log, send } = scriptedElectron()
    const done: HttpExchange[] = []
    send('POST', done)
    await settle()
    send('GET', done)
    await settle()
    expect(log).toEqual(['close all', 'POST out', 'GET out'])
    expect(sent[1]).toMatchObject({ method: 'GET', session: undefined })
    expect(sent[1]!.headers.has('connection')).toBe(false)
    sent[1]!.answer(200)
    sent[0]!.answer(200)
    await settle()
    await settle()
    expect(done).toHaveLength(2)
  })

  it('a write whose connections never finish closing ends at its time limit, unsent, and the next write still gets its turn', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      let closings = 0
      // The first close never finishes (Chromium's network service gone quiet); later ones do.
      const { sent, log, send } = scriptedElectron(() => (closings++ === 0 ? new Promise<void>(() => {}) : Promise.resolve()))
      const done: HttpExchange[] = []
      send('POST', done)
      send('PUT', done)
      await settle()
      expect(log).toEqual(['close all'])
      await vi.advanceTimersByTimeAsync(30_000)
      await settle()
      expect(done).toHaveLength(1)
      expect(done[0]).toMatchObject({ kind: 'failed', requestStarted: true })
      // The POST never went out: nothing reached payroll, and the PUT behind it went in its turn.
      expect(log).toEqual(['close all', 'close all', 'PUT out'])
      expect(sent.map((request) => request.method)).toEqual(['PUT'])
      sent[0]!.answer(200)
      await settle()
      await settle()
      expect(done.map((exchange) => exchange.kind)).toEqual(['failed', 'answer'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('only GET, HEAD and OPTIONS count as reads', () => {
    expect(['GET', 'head', 'OPTIONS'].map(isWrite)).toEqual([false, false, false])
    expect(['POST', 'PUT', 'DELETE', 'PATCH'].map(isWrite)).toEqual([true, true, true, true])
  })
})

describe('the team server\'s writes, which may safely arrive twice', () => {
  it('go at once in the default session, without a turn behind a payroll write or a connection of their own', async () => {
    const payroll = scriptedElectron()
    const team = scriptedElectron(async () => {}, { writesSafeToRepeat: true })
    const done: HttpExchange[] = []
    payroll.send('POST', done)
    team.send('POST', done)
    team.send('PUT', done)
    await settle()
    expect(payroll.log).toEqual(['close all', 'POST out'])
    expect(team.log).toEqual(['POST out', 'PUT out'])
    expect(team.sent.map((sent) => [sent.session, sent.headers.get('connection')])).toEqual([
      [undefined, undefined],
      [undefined, undefined]
    ])
  })
})

