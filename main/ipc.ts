import { fail } from '../shared/apiError'
import { INVOKE_CHANNELS, ipcEvents, type EventName, type InvokeName, type Services } from '../shared/ipc'
import { createIpcDispatcher } from './ipcDispatch'
import type { SenderCheck, SenderFrame } from './senderPolicy'

/**
 * Binds the contract to Electron's ipcMain (injected, so tests use a fake): one handler per channel,
 * each refusing callers that are not the app's own page before any argument is looked at.
 */

export interface InvokeEventLike {
  senderFrame: SenderFrame | null
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void
  removeHandler(channel: string): void
}

export interface RegisterIpcOptions {
  ipcMain: IpcMainLike
  services: Services
  isAllowedSender: SenderCheck
  log?: (message: string) => void
}

/** Registers every channel of the contract; the returned function removes them again. */
export function registerIpcHandlers({ ipcMain, services, isAllowedSender, log = () => {} }: RegisterIpcOptions): () => void {
  const dispatch = createIpcDispatcher(services, log)
  const names = Object.keys(INVOKE_CHANNELS) as InvokeName[]
  for (const name of names) {
    const channel = INVOKE_CHANNELS[name]
    ipcMain.handle(channel, (event, ...args) => {
      if (!isAllowedSender(event.senderFrame)) {
        log(`IPC ${name} refused: the caller is not the app's page`)
        return fail({ code: 'forbidden', message: 'This page may not use Leave Desk.' })
      }
      return dispatch(name, args)
    })
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(INVOKE_CHANNELS[name])
  }
}

/** The part of Electron's WebContents the event forwarder uses. */
export interface WebContentsLike {
  send(channel: string, ...args: unknown[]): void
  isDestroyed(): boolean
  getURL(): string
}

/**
 * Pushes the services' events to the app window only, and only while it shows the app's own page: a
 * window that somehow navigated elsewhere gets nothing. Returns a function that stops forwarding.
 */
export function forwardServiceEvents(options: {
  services: Pick<Services, EventName>
  target: () => WebContentsLike | null
  isAllowedSender: SenderCheck
}): () => void {
  const send = (channel: string, payload: unknown) => {
    const contents = options.target()
    if (!contents || contents.isDestroyed()) return
    if (!options.isAllowedSender({ url: contents.getURL(), parent: null })) return
    contents.send(channel, payload)
  }
  const unsubscribes = [
    options.services.onSessionChanged((status) => send(ipcEvents.onSessionChanged.channel, status)),
    options.services.onConnectivityChanged((status) => send(ipcEvents.onConnectivityChanged.channel, status))
  ]
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe())
}
