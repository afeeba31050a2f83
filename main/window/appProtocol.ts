import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { CONTENT_SECURITY_POLICY } from './contentSecurityPolicy'
import { APP_HOST, APP_SCHEME } from '../ipc/senderPolicy'

/**
 * Serves the built renderer under `app://leave-desk/…`. A fixed origin from the first release: IndexedDB
 * (the clerk's drafts) belongs to the origin, so changing it later would lose their data.
 */

/**
 * The file a request URL names, inside `rootDir`, or null when the URL is not ours or escapes the root
 * (`..`, `%2e%2e`, encoded separators, backslashes, NUL). `/` is the index page; the query is ignored.
 * A colon is refused too: built asset names never have one, and on Windows it names a drive or an
 * alternate data stream.
 */
export function resolveAppRequestPath(requestUrl: string, rootDir: string, paths: path.PlatformPath = path): string | null {
  let url: URL
  try {
    url = new URL(requestUrl)
  } catch {
    return null
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.hostname !== APP_HOST || url.port || url.username || url.password) {
    return null
  }
  let relative: string
  try {
    relative = decodeURIComponent(url.pathname)
  } catch {
    return null
  }
  // After decoding, these are never a legitimate part of a built asset's name.
  if (/[\\\0:]/.test(relative)) return null
  if (relative === '' || relative === '/') relative = '/index.html'
  const root = paths.resolve(rootDir)
  const resolved = paths.resolve(root, `.${relative}`)
  return resolved.startsWith(root + paths.sep) ? resolved : null
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8'
}

export type ReadAsset = (filePath: string) => Promise<Uint8Array>

/** The `protocol.handle('app', …)` handler: plain Request → Response, so it runs under Node in tests. */
export function createAppProtocolHandler(options: { rootDir: string; read?: ReadAsset }): (request: Request) => Promise<Response> {
  const read = options.read ?? ((filePath: string) => readFile(filePath))
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed')
    const filePath = resolveAppRequestPath(request.url, options.rootDir)
    if (!filePath) return plain(404, 'Not found')
    let body: Uint8Array
    try {
      body = await read(filePath)
    } catch {
      return plain(404, 'Not found')
    }
    const contentType = CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream'
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
      status: 200,
      headers: { ...securityHeaders(), 'Content-Type': contentType }
    })
  }
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { ...securityHeaders(), 'Content-Type': 'text/plain; charset=utf-8' } })
}

function securityHeaders(): Record<string, string> {
  return {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache'
  }
}
