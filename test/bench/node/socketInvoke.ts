import { WebSocketServer, type WebSocket as NodeSocket } from 'ws'
import type { ExposeInvoke } from '../../e2e/harness/bindLeaveDesk'

/**
 * The bench's stand-in for Electron IPC: the page's calls to main travel over a WebSocket on 127.0.0.1,
 * one message each way, JSON. Playwright's exposeBinding (the e2e tests' stand-in) goes page → browser →
 * Playwright's dispatcher → Node over the DevTools protocol and back by an evaluate: about 2 ms of Node
 * CPU per call, measured in the sync figure, where Electron's invoke is one structured-clone message each
 * way over a local pipe. With the binding, that stand-in's cost was half the Node process's work in a
 * sync run and delayed the sandbox's answers in the same process. Electron itself cannot run here.
 *
 * Only calls travel this way; main's events still reach the page by Playwright's evaluate (they are rare).
 */
export async function socketInvoke(): Promise<{ expose: ExposeInvoke; close(): Promise<void> }> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', reject)
  })
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('The IPC socket has no port.')
  const url = `ws://127.0.0.1:${address.port}/`

  const expose: ExposeInvoke = async (page, name, handle) => {
    const onConnection = (socket: NodeSocket) => {
      socket.on('message', (data) => {
        const [id, channel, args] = JSON.parse(String(data)) as [number, unknown, unknown]
        // The page that opened the socket (its top frame: only that one opens it); Electron reads the
        // sender frame from its own state too. Read inside the chain, so a closed page fails the call only.
        Promise.resolve()
          .then(() => handle({ url: page.mainFrame().url(), parent: null }, channel, args))
          .then(
            (value) => socket.send(JSON.stringify([id, true, value ?? null])),
            (error: unknown) => socket.send(JSON.stringify([id, false, error instanceof Error ? error.message : String(error)]))
          )
      })
    }
    // Each page gets its own path, so a socket is bound to the page that opened it.
    const path = `/${Math.random().toString(36).slice(2)}`
    const accept = (socket: NodeSocket, request: { url?: string }) => {
      if (request.url === path) onConnection(socket)
    }
    server.on('connection', accept)
    await page.addInitScript(installSocketInvoke, { url: `${url.slice(0, -1)}${path}`, name })
    return () => void server.off('connection', accept)
  }

  return {
    expose,
    close: () =>
      new Promise<void>((resolve) => {
        for (const client of server.clients) client.terminate()
        server.close(() => resolve())
      })
  }
}

/**
 * Runs IN THE PAGE (serialised by Playwright): defines `name` as (channel, args) → the answer, over one
 * socket opened at once; calls made before it opens wait for it. A closed socket fails its calls, as a
 * window whose main went away would.
 */
function installSocketInvoke({ url, name }: { url: string; name: string }): void {
  const page = globalThis as unknown as Record<string, unknown> & { top: unknown }
  // As the preload: the top frame only.
  if (page.top !== globalThis) return
  const socket = new WebSocket(url)
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
      const id = nextId++
      pending.set(id, { resolve, reject })
      // JSON would turn a trailing undefined argument into null; Electron's clone keeps it absent-like.
      const trimmed = [...args]
      while (trimmed.length > 0 && trimmed[trimmed.length - 1] === undefined) trimmed.pop()
      const message = JSON.stringify([id, channel, trimmed])
      if (socket.readyState === socket.OPEN) socket.send(message)
      else if (socket.readyState === socket.CONNECTING) early.push(message)
      else reject(new Error('The IPC socket closed.'))
    })
}
