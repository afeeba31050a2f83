import type { Socket } from 'node:net'

/**
 * Answers for requests that never became HTTP requests (Node's parser refused them, or they were not
 * received in time): a problem document that names what was wrong, instead of Node's bare "Client Error".
 */
const PARSER_PROBLEMS: Readonly<Record<string, string>> = {
  HPE_INVALID_METHOD: 'The request does not start with an HTTP method.',
  HPE_INVALID_URL: 'The request line has a path that is not a valid URL.',
  HPE_INVALID_VERSION: 'The request line does not end with a valid HTTP version (HTTP/1.1).',
  HPE_INVALID_CONSTANT: 'The request line is not HTTP/1.1.',
  HPE_INVALID_HEADER_TOKEN: 'A header name has characters HTTP does not allow.',
  HPE_LF_EXPECTED: 'A line of the request does not end with CR LF.',
  HPE_INVALID_CONTENT_LENGTH: 'The Content-Length header is not a number.',
  HPE_UNEXPECTED_CONTENT_LENGTH: 'The request has both Content-Length and Transfer-Encoding.',
  HPE_INVALID_CHUNK_SIZE: 'A chunk of the body has an invalid size line.',
  HPE_INVALID_TRANSFER_ENCODING: 'The Transfer-Encoding header is not one this server accepts.'
}

export function answerClientError(error: Error & { code?: string }, socket: Socket, requestTimeoutMs: number): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const [status, title, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', `The request was not received in full within ${Math.round(requestTimeoutMs / 1000)} s; the connection is closed.`]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'The request headers are larger than this server accepts.']
        : [400, 'Bad Request', PARSER_PROBLEMS[error.code ?? ''] ?? `The request is not valid HTTP/1.1 (${(error.code ?? 'unreadable').slice(0, 40)}).`]
  const body = JSON.stringify({ type: 'urn:leave-desk:problem:bad-http', title, status, detail })
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  )
}
