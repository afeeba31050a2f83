import type { LeaveDeskApi } from '../../../shared/ipc'

/**
 * The few DOM features the bench page uses, typed here: these files are type-checked by the Node project
 * (which covers test/** and has no DOM lib), so they declare what they touch rather than pull in the DOM.
 */
export interface PageElement {
  querySelectorAll(selector: string): { length: number }
}

interface MutationWatcher {
  observe(target: PageElement, options: { childList: boolean; subtree: boolean; characterData: boolean }): void
  disconnect(): void
}

interface PageGlobals {
  document: { getElementById(id: string): PageElement | null }
  requestAnimationFrame(callback: () => void): number
  MutationObserver: new (callback: () => void) => MutationWatcher
  MessageChannel: new () => {
    port1: { onmessage: ((event: unknown) => void) | null; close(): void }
    port2: { postMessage(message: unknown): void }
  }
  leaveDesk: LeaveDeskApi
}

export const page = globalThis as unknown as PageGlobals

/** The element the bench mounts React into (index.html has it). */
export function benchRoot(): PageElement {
  const root = page.document.getElementById('bench-root')
  if (!root) throw new Error('The bench page has no #bench-root element.')
  return root
}

/** Resolves after the browser has painted the current DOM: a task queued from rAF runs after that frame. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    page.requestAnimationFrame(() => {
      const channel = new page.MessageChannel()
      channel.port1.onmessage = () => {
        channel.port1.close()
        resolve()
      }
      channel.port2.postMessage(null)
    })
  })
}

/** Resolves as soon as `ready()` holds, checked now and after every change under `target`. */
export function whenDom(target: PageElement, ready: () => boolean): Promise<void> {
  if (ready()) return Promise.resolve()
  return new Promise((resolve) => {
    const watcher = new page.MutationObserver(() => {
      if (!ready()) return
      watcher.disconnect()
      resolve()
    })
    watcher.observe(target, { childList: true, subtree: true, characterData: true })
  })
}
