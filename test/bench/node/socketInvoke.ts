import type { Server } from 'node:http'
import type { Duplex } from 'node:stream'
import type { Page } from '@playwright/test'
import { WebSocketServer, type WebSocket as NodeSocket } from 'ws'
import type { ExposeInvoke, InvokeHandler } from '../../e2e/harness/bindLeaveDesk'

/**
 * The bench's stand-in for Electron IPC: the page's calls to main travel over a WebSocket on the page's
 * own origin (the app's CSP allows 'self' connections, so nothing is relaxed), one JSON message each way.
 * Playwright's exposeBinding (the e2e tests' stand-in) goes page → browser → Playwright's dispatcher →
 * Node over the DevTools protocol and back by an evaluate: about 2 ms of Node CPU per call, measured in
 * the sync figure, where Electron's invoke is one structured-clone message each way over a local pipe.
 * With the binding, that stand-in's cost was half the Node process's work in a sync run and delayed the
 * sandbox's answers in the same process. Electron itself cannot run here. Some Node CPU per call is still
 * Playwright's: its network manager hears of every WebSocket frame over the DevTools protocol.
 *
 * Only calls travel this way; main's events still reach the page by Playwright's evaluate (they are rare).
 */
export interface IpcSockets {
  expose: ExposeInvoke
  close(): void
}

const PATH_PREFIX = '/__bench-ipc/'

/** Serves the IPC sockets on the bench page's own server; call once, before the first page opens. */
export function serveIpcSockets(httpServer: Server): IpcSockets {
  const sockets = new WebSocketServer({ noServer: true })
  const pages = new Map<string, (socket: NodeSocket) => void>()
  const onUpgrade = (request: { url?: string }, stream: Duplex, head: Buffer) => {
    const accept = pages.get(request.url ?? '')
    if (!accept) {
      stream.destroy()
      return
    }
    sockets.handleUpgrade(request as Parameters<WebSocketServer['handleUpgrade']>[0], stream, head, accept)
  }
  httpServer.on('upgrade', onUpgrade)

  const expose: ExposeInvoke = async (page, name, handle) => {
    // Each page gets its own path, so a socket is bound to the page that opened it.
    const path = `${PATH_PREFIX}${Math.random().toString(36).slice(2)}`
    pages.set(path, (socket) => answerCalls(page, socket, handle))
    await page.addInitScript(installSocketInvoke, { path, name })
    return () => void pages.delete(path)
  }

  return {
    expose,
    close() {
      httpServer.off('upgrade', onUpgrade)
      for (const client of sockets.clients) client.terminate()
      sockets.close()
    }
  }
}

/**
 * Answers one document's calls, in order of arrival. Its first call waits until Playwright has seen that
 * document (an evaluate in it answers only then): with the binding, a reloaded page's calls came over the
 * same connection as its navigation, so main always heard of the navigation first (and dropped what the
 * old document had left waiting, not what the new one asks).
 */
function answerCalls(page: Page, socket: NodeSocket, handle: InvokeHandler): void {
  const seen = page
    .mainFrame()
    .evaluate(() => true)
    .catch(() => false)
  socket.on('error', () => socket.terminate())
  socket.on('message', (data) => {
    void seen
      .then(() => {
        const [id, channel, args] = JSON.parse(String(data)) as [number, unknown, unknown]
        return handle({ url: page.mainFrame().url(), parent: null }, channel, args).then(
          (value) => [id, true, value ?? null],
          (error: unknown) => [id, false, error instanceof Error ? error.message : String(error)]
        )
      })
      .then((answer) => socket.send(JSON.stringify(answer)))
      // A malformed message or an answer JSON cannot carry: the page's call fails when its socket closes.
      .catch(() => socket.terminate())
  })
}

/**
 * Runs IN THE PAGE (serialised by Playwright): defines `name` as (channel, args) → the answer, over one
 * socket opened at once on the page's origin; calls made before it opens wait for it. A closed socket
 * fails its calls, as a window whose main went away would.
 */
function installSocketInvoke({ path, name }: { path: string; name: string }): void {
  const page = globalThis as unknown as Record<string, unknown> & { top: unknown; location: { host: string } }
  // As the preload: the top frame only.
  if (page.top !== globalThis) return
  const socket = new WebSocket(`ws://${page.location.host}${path}`)
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const early: string[] = []
  let nextId = 1
  socket.addEventListener('open', () => {
    for (const message of early.splice(0)) socket.send(message)
  })
  socket.addEventListener('message', (event) => {
    const [id, ok, value] = JSON.parse(String(event.data)) as [number, boolean, unknown]
    const call = pending.get(id)
    pending.delete(id)
    if (ok) call?.resolve(value)
    else call?.reject(new Error(String(value)))
  })
  socket.addEventListener('close', () => {
    for (const call of pending.values()) call.reject(new Error('The IPC socket closed.'))
    pending.clear()
  })
  page[name] = (channel: string, args: unknown[]) =>
    new Promise((resolve, reject) => {
      if (socket.readyState !== socket.OPEN && socket.readyState !== socket.CONNECTING) {
        reject(new Error('The IPC socket closed.'))
        return
      }
      // JSON would turn a trailing undefined argument into null; Electron's clone keeps it absent-like.
      const trimmed = [...args]
      while (trimmed.length > 0 && trimmed[trimmed.length - 1] === undefined) trimmed.pop()
      const id = nextId++
      const message = JSON.stringify([id, channel, trimmed])
      pending.set(id, { resolve, reject })
      if (socket.readyState === socket.OPEN) socket.send(message)
      else early.push(message)
    })
}
