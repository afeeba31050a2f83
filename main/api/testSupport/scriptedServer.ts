import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A bare HTTP server on 127.0.0.1 for what the sandbox cannot show: an API without the employees route,
 * a contact list longer than one page of 100, the exact bytes the client sends, how many connections it
 * opens. `answer` decides each reply from the request.
 */
export interface SeenRequest {
  method: string
  url: URL
  headers: IncomingMessage['headers']
  body: string
}

export interface ScriptedServer {
  baseUrl: string
  requests: SeenRequest[]
  connections: () => number
  close(): Promise<void>
}

export type ScriptedAnswer = { status: number; body?: string; headers?: Record<string, string> }

export async function startScriptedServer(answer: (request: SeenRequest) => ScriptedAnswer): Promise<ScriptedServer> {
  const requests: SeenRequest[] = []
  let connections = 0
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const seen = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      }
      requests.push(seen)
      const reply = answer(seen)
      res.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', ...reply.headers })
      res.end(reply.body ?? '')
    })
  })
  server.on('connection', () => {
    connections += 1
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
