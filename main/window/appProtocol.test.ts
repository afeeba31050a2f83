import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAppProtocolHandler, resolveAppRequestPath } from './appProtocol'

const ROOT = '/srv/leave-desk/out/renderer'

describe('resolveAppRequestPath', () => {
  it.each([
    ['app://leave-desk/', `${ROOT}/index.html`],
    ['app://leave-desk', `${ROOT}/index.html`],
    ['app://leave-desk/index.html', `${ROOT}/index.html`],
    ['app://leave-desk/assets/index-abc123.js', `${ROOT}/assets/index-abc123.js`],
    ['app://leave-desk/assets/index.js?v=3#top', `${ROOT}/assets/index.js`],
    ['app://leave-desk/assets/a%20b.css', `${ROOT}/assets/a b.css`],
    ['app://leave-desk//etc/passwd', `${ROOT}/etc/passwd`],
    ['app://leave-desk/assets/../index.html', `${ROOT}/index.html`]
  ])('serves %s from %s', (url, expected) => {
    expect(resolveAppRequestPath(url, ROOT, path.posix)).toBe(expected)
  })

  it.each([
    ['encoded dots and slashes', 'app://leave-desk/%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
    ['an encoded backslash', 'app://leave-desk/..%5c..%5cetc%5cpasswd'],
    ['an encoded NUL', 'app://leave-desk/index.html%00.png'],
    ['malformed percent-encoding', 'app://leave-desk/%E0%A4%A'],
    ['an unknown host', 'app://evil/index.html'],
    ['a lookalike host', 'app://leave-desk.evil/index.html'],
    ['user info', 'app://x@leave-desk/index.html'],
    ['a port', 'app://leave-desk:81/index.html'],
    ['another scheme', 'file:///etc/passwd'],
    ['an http URL', 'http://leave-desk/index.html'],
    ['not a URL', '/etc/passwd']
  ])('refuses %s', (_label, url) => {
    expect(resolveAppRequestPath(url, ROOT, path.posix)).toBeNull()
  })

  it.each([
    'app://leave-desk/../../etc/passwd',
    'app://leave-desk/%2e%2e/%2e%2e/etc/passwd',
    'app://leave-desk/%2E%2E/renderer-secrets/x',
    'app://leave-desk/assets/%2e%2e/%2e%2e/%2e%2e/x',
    'app://leave-desk/..%2f..%2frenderer-secrets%2fx',
    'app://leave-desk/./.././../x'
  ])('keeps %s inside the root (URL parsing clamps dot segments at the root)', (url) => {
    const resolved = resolveAppRequestPath(url, ROOT, path.posix)
    expect(resolved === null || resolved.startsWith(`${ROOT}/`), String(resolved)).toBe(true)
  })

  it('refuses a colon (a Windows drive or alternate data stream)', () => {
    expect(resolveAppRequestPath('app://leave-desk/index.html:secret', ROOT, path.posix)).toBeNull()
  })

  it('keeps Windows paths inside the root too', () => {
    const root = 'C:\\Program Files\\Leave Desk\\resources\\app\\out\\renderer'
    expect(resolveAppRequestPath('app://leave-desk/assets/a.js', root, path.win32)).toBe(`${root}\\assets\\a.js`)
    expect(resolveAppRequestPath('app://leave-desk/C:/Windows/win.ini', root, path.win32)).toBeNull()
    expect(resolveAppRequestPath('app://leave-desk/%2e%2e%2f%2e%2e%2fx', root, path.win32)).toBeNull()
  })
})

describe('createAppProtocolHandler', () => {
  const files: Record<string, string> = { [`${ROOT}/index.html`]: '<!doctype html><title>Leave Desk</title>' }
  const handler = createAppProtocolHandler({
    rootDir: ROOT,
    read: async (filePath) => {
      const text = files[filePath]
      if (text === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' })
      return new TextEncoder().encode(text)
    }
  })

  it('serves a file with its content type and a CSP that allows no inline or eval script', async () => {
    const response = await handler(new Request('app://leave-desk/index.html'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await response.text()).toContain('Leave Desk')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toMatch(/script-src 'self'(;|$)/)
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('answers 404 for a missing file or a path outside the root, and 405 for writes', async () => {
    expect((await handler(new Request('app://leave-desk/missing.js'))).status).toBe(404)
    expect((await handler(new Request('app://leave-desk/%2e%2e%2f%2e%2e%2fetc%2fpasswd'))).status).toBe(404)
    expect((await handler(new Request('app://leave-desk/index.html', { method: 'POST', body: 'x' }))).status).toBe(405)
  })
})
