/**
 * Why payroll writes get connections of their own on the Chromium path.
 *
 * The API has no idempotency key, so a write that may have reached payroll must never be sent again by
 * anything but the clerk. Chromium's HttpNetworkTransaction resends a request by itself, whatever its
 * method, when the connection fails before any answer (reset, closed, aborted, not connected, empty
 * response) and that connection had been used before (`ShouldResendRequest`: "we resend a request only
 * if we reused a keep-alive connection"). An HTTP/2 connection counts as used once it received any frame,
 * and a failed HTTP/2 ping or a QUIC error is retried without even that check. So:
 * - the app turns HTTP/2 and QUIC off (`CHROMIUM_SWITCHES`, before `ready`): every request is HTTP/1.1;
 * - a write goes in an in-memory partition only writes use (`WRITES_PARTITION`), one write at a time,
 *   after that partition's connections are all closed, and asks the server to close the connection after
 *   it (`Connection: close`). It therefore always opens a connection of its own, which Chromium never
 *   resends on. Reads stay in the default session and keep reusing connections.
 * The cost is one new connection (TCP and TLS) per write; writes are paced by the payroll rate anyway.
 */

/** Command-line switches for Chromium, appended before `ready`: HTTP/1.1 only, no QUIC. */
export const CHROMIUM_SWITCHES = ['disable-http2', 'disable-quic'] as const

/** The writes' session partition: no `persist:` prefix, so Chromium keeps nothing of it on disk. */
export const WRITES_PARTITION = 'leave-desk-writes'

/** The part of Electron's Session this needs. */
export interface WritesSession {
  closeAllConnections(): Promise<void>
}

/** A read can reuse a connection; anything else changes payroll and is a write. */
export function isWrite(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())
}

/**
 * Runs each write alone, in the order asked: closing the partition's connections fails whatever is in
 * flight in it (Electron's `closeAllConnections`), so a write waits until the one before has its whole
 * answer. One line for the process, as there is one partition for the process.
 */
export function inWritesTurn<T>(send: () => Promise<T>): Promise<T> {
  const turn = lastWrite.then(send)
  lastWrite = turn.catch(() => undefined)
  return turn
}
let lastWrite: Promise<unknown> = Promise.resolve()
