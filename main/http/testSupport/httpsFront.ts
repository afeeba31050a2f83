import { request as httpRequest } from 'node:http'
import { createServer } from 'node:https'
import type { AddressInfo } from 'node:net'

/**
 * An https sandbox: TLS with the given certificate on a random 127.0.0.1 port, every request passed on
 * unchanged to the (plain http) sandbox behind it, and its answer passed back.
 */
export async function startHttpsFront(target: string, tls: { key: string; cert: string }): Promise<{ baseUrl: string; port: number; close(): Promise<void> }> {
  const upstream = new URL(target)
  const server = createServer(tls, (req, res) => {
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      }
    )
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `https://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
