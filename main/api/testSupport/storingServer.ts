import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A payroll stand-in that STORES every write it receives (the body, in arrival order) and only then
 * answers with the status a test set: the case the write table is about, where payroll did the work and
 * the answer says otherwise. Any request to `/followed…` is recorded too, so a test can show a redirect
 * was never followed.
 */
export interface StoringServer {
  baseUrl: string
  stored: { method: string; path: string; body: string }[]
  /** The next answers' status and headers (a 3xx gets a Location under `/followed`). */
  answerWith(status: number, headers?: Record<string, string>): void
  close(): Promise<void>
}

export async function startStoringServer(): Promise<StoringServer> {
  const stored: StoringServer['stored'] = []
  let status = 200
  let extraHeaders: Record<string, string> = {}
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname
      stored.push({ method: req.method ?? '', path, body: Buffer.concat(chunks).toString('utf8') })
      const redirect = status >= 300 && status <= 399 ? { location: `/followed${path}` } : {}
      const body = status === 200 ? JSON.stringify({ InsertedEntityId: stored.length, LastModifiedDateUtc: '2026-03-02T00:00:00' }) : ''
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...redirect, ...extraHeaders })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    stored,
    answerWith(next, headers = {}) {
      status = next
      extraHeaders = headers
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
