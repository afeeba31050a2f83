import { EventEmitter } from 'node:events'
import type { ApiResult } from '../../shared/apiError'
import { INVOKE_CHANNELS, type InvokeName } from '../../shared/ipc'
import { registerIpcHandlers, type InvokeEventLike, type IpcMainLike } from '../ipc/ipc'
import type { ContextualServices } from '../ipc/ipcDispatch'
import { createSenderPolicy, type SenderFrame } from '../ipc/senderPolicy'

const APP_FRAME: SenderFrame = { url: 'app://leave-desk/index.html', parent: null }
type Handler = (event: InvokeEventLike, ...args: unknown[]) => unknown

/**
 * Main's IPC binding with a fake ipcMain, and a fake WebContents (an EventEmitter) that the test can
 * navigate: `reload()` emits what Electron emits when the page reloads. `dispose` removes the handlers.
 */
export function boundPage(services: ContextualServices) {
  const handlers = new Map<string, Handler>()
  const ipcMain: IpcMainLike = {
    handle: (channel, listener) => void handlers.set(channel, listener),
    removeHandler: (channel) => void handlers.delete(channel)
  }
  const log: string[] = []
  const dispose = registerIpcHandlers({ ipcMain, services, isAllowedSender: createSenderPolicy({}), log: (line) => void log.push(line) })
  const page = new EventEmitter()
  const invoke = (name: InvokeName, ...args: unknown[]) =>
    Promise.resolve((handlers.get(INVOKE_CHANNELS[name]) as Handler)({ senderFrame: APP_FRAME, sender: page }, ...args)) as Promise<
      ApiResult<unknown>
    >
  return { page, invoke, reload: () => reloadPage(page), log, dispose }
}

/** A reload as Electron reports it: the navigation starts, then commits (only the commit ends the page). */
export function reloadPage(page: EventEmitter): void {
  page.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
  page.emit('did-navigate')
}
