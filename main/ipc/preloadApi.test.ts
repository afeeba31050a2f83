import { describe, expect, it } from 'vitest'
import { EVENT_CHANNELS, INVOKE_CHANNELS } from '../../shared/ipc'
import { createLeaveDeskApi, type IpcRendererLike } from './preloadApi'

type Listener = (event: unknown, ...args: unknown[]) => void

function fakeIpcRenderer() {
  const invocations: unknown[][] = []
  const listeners = new Map<string, Set<Listener>>()
  const ipcRenderer: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      invocations.push([channel, ...args])
      return { ok: true, value: channel }
    },
    on: (channel, listener) => {
      const set = listeners.get(channel) ?? new Set()
      set.add(listener)
      listeners.set(channel, set)
    },
    removeListener: (channel, listener) => {
      listeners.get(channel)?.delete(listener)
    }
  }
  /** What Electron does on a push: the listener gets the IPC event (with `sender`) and then the payload. */
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: ipcRenderer, ports: [] }, payload)
  }
  return { ipcRenderer, invocations, listeners, emit }
}

describe('createLeaveDeskApi', () => {
  it('has exactly one function per contract channel and per event', () => {
    const api = createLeaveDeskApi(fakeIpcRenderer().ipcRenderer)
    expect(Object.keys(api).sort()).toEqual([...Object.keys(INVOKE_CHANNELS), ...Object.keys(EVENT_CHANNELS)].sort())
    for (const value of Object.values(api)) expect(typeof value).toBe('function')
  })

  it("invokes each function's own channel with the arguments as given, and returns main's answer", async () => {
    const { ipcRenderer, invocations } = fakeIpcRenderer()
    const api = createLeaveDeskApi(ipcRenderer) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
    for (const [name, channel] of Object.entries(INVOKE_CHANNELS)) {
      invocations.length = 0
      const answer = await api[name]?.(1001, { Notes: name })
      expect(invocations).toEqual([[channel, 1001, { Notes: name }]])
      expect(answer).toEqual({ ok: true, value: channel })
    }
  })

  it('gives event listeners the payload only, never the IPC event object, and unsubscribes', () => {
    const { ipcRenderer, listeners, emit } = fakeIpcRenderer()
    const api = createLeaveDeskApi(ipcRenderer)
    const received: unknown[][] = []
    const stopSession = api.onSessionChanged((...args) => received.push(['session', ...args]))
    const stopConnectivity = api.onConnectivityChanged((...args) => received.push(['connectivity', ...args]))
    emit(EVENT_CHANNELS.onSessionChanged, { state: 'signed-out' })
    emit(EVENT_CHANNELS.onConnectivityChanged, { state: 'online' })
    expect(received).toEqual([
      ['session', { state: 'signed-out' }],
      ['connectivity', { state: 'online' }]
    ])
    stopSession()
    stopConnectivity()
    expect([...listeners.values()].every((set) => set.size === 0)).toBe(true)
    emit(EVENT_CHANNELS.onSessionChanged, { state: 'signed-in' })
    expect(received).toHaveLength(2)
  })

  it('keeps separate subscriptions to one event independent', () => {
    const { ipcRenderer, emit } = fakeIpcRenderer()
    const api = createLeaveDeskApi(ipcRenderer)
    const first: unknown[] = []
    const second: unknown[] = []
    const stopFirst = api.onSessionChanged((status) => first.push(status))
    api.onSessionChanged((status) => second.push(status))
    stopFirst()
    emit(EVENT_CHANNELS.onSessionChanged, 'changed')
    expect(first).toEqual([])
    expect(second).toEqual(['changed'])
  })
})
