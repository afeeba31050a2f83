import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAppProtocolHandler } from '../../../main/window/appProtocol'
import { APP_ORIGIN } from '../../../main/ipc/senderPolicy'
import { assertRendererBuilt } from './rendererBuild'
import { RENDERER_BUILD_DIR } from './paths'

/**
 * Serves the built renderer over http on 127.0.0.1 (random port) through the app's own `app://` protocol
 * handler: the same path resolution, content types, 404s and Content-Security-Policy as in Electron, so
 * a CSP violation or a wrongly typed asset fails here as it would in the app.
 */
export interface RendererServer {
  /** 'http://127.0.0.1:<port>', no trailing slash. */
  baseUrl: string
  /** The server itself, for a WebSocket on the page's own origin (the bench's IPC stand-in). */
  httpServer: Server
  close(): Promise<void>
}

export async function startRendererServer(rootDir: string = RENDERER_BUILD_DIR): Promise<RendererServer> {
  assertRendererBuilt(rootDir)
  const handle = createAppProtocolHandler({ rootDir })
  const server = createServer((request, response) => {
    serve(handle, request, response).catch((error: unknown) => {
      response.statusCode = 500
      response.end(error instanceof Error ? error.message : 'Internal error')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    httpServer: server,
    close: () =>
      new Promise<void>((resolve) => {
        // Chromium keeps connections alive; without this, close() would wait for them to time out.
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

async function serve(
  handle: (request: Request) => Promise<Response>,
  request: IncomingMessage,
  response: ServerResponse
): Promise<void> {
  const target = request.url ?? ''
  // Only origin-form targets ("/path"): an absolute or authority form names another host.
  if (!target.startsWith('/')) {
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found')
    return
  }
  let answer = await handle(new Request(`${APP_ORIGIN}${target}`, { method: request.method ?? 'GET' }))
  // Chromium asks every http origin for /favicon.ico, which the app:// page never does: answering 404
  // would put an error in the console that the app itself never shows.
  if (answer.status === 404 && new URL(target, APP_ORIGIN).pathname === '/favicon.ico') answer = new Response(null, { status: 204 })
  response.statusCode = answer.status
  answer.headers.forEach((value, name) => response.setHeader(name, value))
  response.end(Buffer.from(await answer.arrayBuffer()))
}
