import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A Node HTTP server that can stop listening and listen again on the same port, so a client sees a real
 * ECONNREFUSED while the sandbox is "down" and reaches it again afterwards.
 */
export class RestartableServer {
  readonly server: Server
  private readonly sockets = new Set<Socket>()
  private address: { port: number; host: string } | null = null

  /** `requestTimeoutMs`: a request (headers and body) not received in full by then is answered 408 and closed. */
  constructor(handler: (req: IncomingMessage, res: ServerResponse) => void, requestTimeoutMs: number) {
    this.server = createServer(
      {
        requestTimeout: requestTimeoutMs,
        headersTimeout: Math.min(requestTimeoutMs, 10_000),
        // Node checks the two timeouts above only this often (30 s by default).
        connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(requestTimeoutMs / 4)))
      },
      handler
    )
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.once('close', () => this.sockets.delete(socket))
    })
  }

  /** Remembers where the first listen landed, so up() reuses the same port. */
  remember(port: number, host: string): void {
    this.address = { port, host }
  }

  get isListening(): boolean {
    return this.server.listening
  }

  async down(): Promise<void> {
    if (!this.server.listening) return
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()))
    this.destroySockets()
    await closed
  }

  async up(): Promise<void> {
    if (this.server.listening) return
    const address = this.address
    if (!address) throw new Error('The sandbox never listened, so it has no port to listen on again.')
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error)
      this.server.once('error', failed)
      this.server.listen(address.port, address.host, () => {
        this.server.off('error', failed)
        resolve()
      })
    })
  }

  destroySockets(): void {
    for (const socket of this.sockets) socket.destroy()
    this.sockets.clear()
  }
}
