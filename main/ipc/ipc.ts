import { fail } from '../../shared/apiError'
import { INVOKE_CHANNELS, ipcEvents, type EventName, type InvokeName, type Services } from '../../shared/ipc'
import { NOT_SENT_ASKER_GONE_CAUSE } from '../api/apiClient'
import { createIpcDispatcher, type ContextualServices } from './ipcDispatch'
import type { SenderCheck, SenderFrame } from './senderPolicy'

/**
 * Binds the contract to Electron's ipcMain (injected, so tests use a fake): one handler per channel,
 * each refusing callers that are not the app's own page before any argument is looked at.
 */

export interface InvokeEventLike {
  senderFrame: SenderFrame | null
  /** The page's WebContents (Electron's `event.sender`): its life bounds the calls it makes. */
  sender?: PageEventsLike
}

/**
 * The events of Electron's WebContents that end a page's life: a main-frame navigation (reload
 * included) committing, the renderer process dying, the contents being destroyed.
 * Typed loosely on purpose: Electron's WebContents fits it, and so does a test's EventEmitter.
 */
export interface PageEventsLike {
  on(event: string, listener: (...args: unknown[]) => void): unknown
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEventLike, ...args: unknown[]) => unknown): void
  removeHandler(channel: string): void
}

export interface RegisterIpcOptions {
  ipcMain: IpcMainLike
  /** Each call gets, after its arguments, a context whose `signal` aborts when the calling page goes away. */
  services: ContextualServices
  isAllowedSender: SenderCheck
  log?: (message: string) => void
}

/** Registers every channel of the contract; the returned function removes them again. */
export function registerIpcHandlers({ ipcMain, services, isAllowedSender, log = () => {} }: RegisterIpcOptions): () => void {
  const dispatch = createIpcDispatcher(services, log)
  const lifetimes = pageLifetimes()
  const names = Object.keys(INVOKE_CHANNELS) as InvokeName[]
  for (const name of names) {
    const channel = INVOKE_CHANNELS[name]
    ipcMain.handle(channel, async (event, ...args) => {
      if (!isAllowedSender(event.senderFrame)) {
        log(`IPC ${name} refused: the caller is not the app's page`)
        return fail({ code: 'forbidden', message: 'This page may not use Leave Desk.' })
      }
      const result = await dispatch(name, args, event.sender ? { signal: lifetimes.signalOf(event.sender) } : {})
      if (!result.ok && result.error.details?.cause === NOT_SENT_ASKER_GONE_CAUSE) {
        log(`IPC ${name} dropped before sending: the page that asked for it went away`)
      }
      return result
    })
  }
  return () => {
    for (const name of names) ipcMain.removeHandler(INVOKE_CHANNELS[name])
  }
}

/**
 * One AbortController per page (WebContents), aborted when the page it serves goes away and replaced at
 * once, so calls from the next page get a fresh signal. A reloaded page's queue finds its drafts still
 * 'sending' and makes them Uncertain; a request of the old page still waiting in the rate limiter must
 * then never go out, or a clerk who checks payroll, finds nothing and presses "Send again" gets a
 * duplicate. Only a committed main-frame navigation (`did-navigate`) ends the page: a navigation that
 * merely starts (`did-start-navigation`) may still be cancelled by the window (a file dropped on it, a
 * link away), and the page that stays must keep its queued writes. Same-document navigations (hash,
 * pushState) are `did-navigate-in-page`, so they keep the page too.
 */
export function pageLifetimes(): { signalOf(page: PageEventsLike): AbortSignal } {
  const controllers = new WeakMap<PageEventsLike, AbortController>()

  const watch = (page: PageEventsLike): AbortController => {
    const end = (why: string, replace: boolean) => {
      const current = controllers.get(page)
      if (!current) return
      if (replace) controllers.set(page, new AbortController())
      else controllers.delete(page)
      current.abort(new DOMException(`The page that asked for it went away (${why}).`, 'AbortError'))
    }
    page.on('did-navigate', () => end('navigated', true))
    page.on('render-process-gone', () => end('its renderer process ended', true))
    page.on('destroyed', () => end('closed', false))
    const controller = new AbortController()
    controllers.set(page, controller)
    return controller
  }

  return {
    signalOf: (page) => (controllers.get(page) ?? watch(page)).signal
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
    options.services.onConnectivityChanged((status) => send(ipcEvents.onConnectivityChanged.channel, status)),
    options.services.onUpdateStatus((status) => send(ipcEvents.onUpdateStatus.channel, status))
  ]
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe())
}
