import { EventEmitter } from 'node:events'
import type { Frame, Page, Request } from '@playwright/test'
import { EVENT_CHANNELS, INVOKE_CHANNELS, type Services } from '../../../shared/ipc'
import { forwardServiceEvents, registerIpcHandlers, type IpcMainLike } from '../../../main/ipc/ipc'
import type { ContextualServices } from '../../../main/ipc/ipcDispatch'
import { createSenderPolicy } from '../../../main/ipc/senderPolicy'
import { installLeaveDesk, type LeaveDeskPageWiring } from './leaveDeskInitScript'

/**
 * Binds main's real services to a Playwright page the way the app binds them to its window: main's own
 * `registerIpcHandlers` (sender check, then the contract's zod parsing and envelopes) behind one exposed
 * binding, and main's own `forwardServiceEvents` pushing events into the page. The only difference from
 * the app is the allowed origin: the harness's http server instead of app://leave-desk. Like the window's
 * WebContents, the page is the calls' `sender`: a reload or navigation drops the writes it left waiting.
 */
const WIRING: LeaveDeskPageWiring = {
  invokeChannels: INVOKE_CHANNELS,
  eventChannels: EVENT_CHANNELS,
  invokeBinding: '__leaveDeskInvoke',
  deliverFunction: '__leaveDeskDeliver'
}

type IpcHandler = Parameters<IpcMainLike['handle']>[1]

export interface BindOptions {
  services: Services | ContextualServices
  /** The one origin allowed to call, e.g. 'http://127.0.0.1:41234'. */
  origin: string
  log: (message: string) => void
  /**
   * How the page's calls reach Node under the binding's name; default Playwright's exposeBinding. The
   * bench passes a cheaper transport (test/bench/node/socketInvoke.ts): each binding call costs Node
   * about 2 ms of CPU, far more than Electron's IPC, and would be most of a sync figure.
   */
  exposeInvoke?: ExposeInvoke
}

/** Where a call came from, as Electron's event.senderFrame tells it. */
export interface InvokeFrame {
  url: string
  parent: unknown
}

export type InvokeHandler = (frame: InvokeFrame, channel: unknown, args: unknown) => Promise<unknown>

/** Installs `name` in the page as (channel, args) → Promise of the handler's answer; returns its undo. */
export type ExposeInvoke = (page: Page, name: string, handle: InvokeHandler) => Promise<() => void>

const exposeAsBinding: ExposeInvoke = async (page, name, handle) => {
  await page.exposeBinding(name, ({ frame }, channel: unknown, args: unknown) =>
    handle({ url: frame.url(), parent: frame.parentFrame() }, channel, args)
  )
  return () => undefined
}

/** Call before the first navigation; the binding and init script then survive reloads. Returns unbind. */
export async function bindLeaveDesk(page: Page, { services, origin, log, exposeInvoke = exposeAsBinding }: BindOptions): Promise<() => void> {
  const isAllowedSender = createSenderPolicy({ devServerUrl: origin })
  const handlers = new Map<string, IpcHandler>()
  const ipcMain: IpcMainLike = {
    handle: (channel, handler) => void handlers.set(channel, handler),
    removeHandler: (channel) => void handlers.delete(channel)
  }
  const unregister = registerIpcHandlers({ ipcMain, services, isAllowedSender, log })
  const { sender, stop: stopLifetime } = pageAsSender(page)

  const unexpose = await exposeInvoke(page, WIRING.invokeBinding, async (senderFrame, channel, args) => {
    const handler = typeof channel === 'string' ? handlers.get(channel) : undefined
    // Electron's own answer to a channel nobody handles: the page's promise rejects.
    if (!handler) throw new Error(`No handler registered for '${String(channel)}'`)
    return handler({ senderFrame, sender }, ...(Array.isArray(args) ? args : []))
  })
  await page.addInitScript(installLeaveDesk, WIRING)

  // One delivery at a time, so the page hears events in the order the services emitted them.
  let deliveries: Promise<unknown> = Promise.resolve()
  const send = (channel: string, payload: unknown) => {
    deliveries = deliveries
      .then(() =>
        page.evaluate(
          ({ deliverFunction, channel, payload }) => {
            const deliver = (globalThis as unknown as Record<string, unknown>)[deliverFunction]
            if (typeof deliver === 'function') deliver(channel, payload)
          },
          { deliverFunction: WIRING.deliverFunction, channel, payload }
        )
      )
      // A page closing or navigating mid-delivery loses the event, as a reloading window would.
      .catch(() => undefined)
  }
  const stopEvents = forwardServiceEvents({
    services,
    isAllowedSender,
    target: () => ({ send, isDestroyed: () => page.isClosed(), getURL: () => page.url() })
  })

  return () => {
    stopEvents()
    stopLifetime()
    unregister()
    unexpose()
  }
}

/**
 * The page's life told the way Electron's WebContents tells it, for main's `registerIpcHandlers`: a
 * main-frame navigation request (reload included) is `did-start-navigation`, its commit `did-navigate`,
 * a crash `render-process-gone`, closing `destroyed`. Same-document navigations make no request, so they
 * stay silent, as in the app.
 */
function pageAsSender(page: Page): { sender: EventEmitter; stop: () => void } {
  const sender = new EventEmitter()
  let navigating = false
  const onRequest = (request: Request) => {
    if (!request.isNavigationRequest() || request.frame() !== page.mainFrame()) return
    navigating = true
    sender.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
  }
  const onFrameNavigated = (frame: Frame) => {
    if (frame !== page.mainFrame() || !navigating) return
    navigating = false
    sender.emit('did-navigate')
  }
  const onCrash = () => sender.emit('render-process-gone')
  const onClose = () => sender.emit('destroyed')
  page.on('request', onRequest)
  page.on('framenavigated', onFrameNavigated)
  page.on('crash', onCrash)
  page.on('close', onClose)
  return {
    sender,
    stop() {
      page.off('request', onRequest)
      page.off('framenavigated', onFrameNavigated)
      page.off('crash', onCrash)
      page.off('close', onClose)
    }
  }
}
