/**
 * Runs IN THE PAGE (Playwright serialises this function into an init script), so it must stay
 * self-contained: no imports, no module-level values, only what it receives as `wiring`.
 *
 * It plays the preload: a stand-in `ipcRenderer` whose `invoke` calls the one binding Node exposed, and
 * `window.leaveDesk` built from it exactly as main/ipc/preloadApi.ts builds it (one function per invoke
 * channel, subscriptions that drop the IPC event object). The channel maps come from the contract, so a
 * new channel needs no change here.
 */
export interface LeaveDeskPageWiring {
  /** Function name on window.leaveDesk → invoke channel (INVOKE_CHANNELS). */
  invokeChannels: Readonly<Record<string, string>>
  /** Subscription name on window.leaveDesk → event channel (EVENT_CHANNELS). */
  eventChannels: Readonly<Record<string, string>>
  /** The binding Node exposed: (channel, args) → the envelope. */
  invokeBinding: string
  /** The page function Node calls to push an event: (channel, payload). */
  deliverFunction: string
}

type IpcListener = (event: unknown, payload: unknown) => void

export function installLeaveDesk(wiring: LeaveDeskPageWiring): void {
  const page = globalThis as unknown as Record<string, unknown> & { top: unknown; setTimeout: (run: () => void) => void }
  // Electron gives the preload to the top frame only (nodeIntegrationInSubFrames: false).
  if (page.top !== globalThis) return

  const listeners = new Map<string, Set<IpcListener>>()
  const ipcRenderer = {
    invoke(channel: string, ...args: unknown[]): Promise<unknown> {
      // Looked up per call: the binding may be installed after this script on a new document.
      const binding = page[wiring.invokeBinding] as (channel: string, args: unknown[]) => Promise<unknown>
      return binding(channel, args)
    },
    on(channel: string, listener: IpcListener): void {
      const set = listeners.get(channel) ?? new Set<IpcListener>()
      set.add(listener)
      listeners.set(channel, set)
    },
    removeListener(channel: string, listener: IpcListener): void {
      listeners.get(channel)?.delete(listener)
    }
  }

  const deliver = (channel: string, payload: unknown) => {
    for (const listener of [...(listeners.get(channel) ?? [])]) {
      try {
        listener({ sender: ipcRenderer }, payload)
      } catch (error) {
        // As in the app, a throwing listener is the page's uncaught error, not the sender's problem.
        page.setTimeout(() => {
          throw error
        })
      }
    }
  }
  Object.defineProperty(page, wiring.deliverFunction, { value: deliver })

  const api: Record<string, unknown> = {}
  for (const [name, channel] of Object.entries(wiring.invokeChannels)) {
    api[name] = (...args: unknown[]) => ipcRenderer.invoke(channel, ...args)
  }
  for (const [name, channel] of Object.entries(wiring.eventChannels)) {
    api[name] = (listener: (payload: unknown) => void) => {
      // The event object carries `sender` (the ipcRenderer itself): it must never reach the page.
      const forward: IpcListener = (_event, payload) => listener(payload)
      ipcRenderer.on(channel, forward)
      return () => ipcRenderer.removeListener(channel, forward)
    }
  }
  // contextBridge hands the page a frozen copy it cannot replace.
  Object.defineProperty(page, 'leaveDesk', { value: Object.freeze(api), enumerable: true })
}
