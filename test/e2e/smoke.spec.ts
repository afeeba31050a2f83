import { readFile } from 'node:fs/promises'
import { CONTENT_SECURITY_POLICY } from '../../main/window/contentSecurityPolicy'
import { EVENT_CHANNELS, INVOKE_CHANNELS, ipcChannels, sessionStatusSchema, type LeaveDeskApi } from '../../shared/ipc'
import { expectNoSeriousA11yViolations } from './accessibility/axe'
import { expect, test } from './harness/fixtures'

/**
 * The harness itself: the built app served over http with the app's CSP, `window.leaveDesk` bound to
 * main's real services through the real IPC pipeline, events pushed into the page, and IndexedDB kept
 * across a reload. Asserts nothing about the UI's content, which other specs own.
 */

/** What the page sees on `window`; functions passed to evaluate run there and cast to this. */
type PageWindow = {
  leaveDesk: LeaveDeskApi
  heard?: unknown[][]
}

test('serves the built app over http with its content types, its CSP and no way out of the build folder', async ({ app }) => {
  const index = await fetch(`${app.baseUrl}/`)
  expect(index.status).toBe(200)
  expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8')
  expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)

  const script = (await index.text()).match(/src="\.?(\/assets\/[^"]+\.js)"/)?.[1]
  expect(script, 'index.html loads a built script').toBeDefined()
  const asset = await fetch(`${app.baseUrl}${script}`)
  expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8')

  for (const escape of ['/%2e%2e/package.json', '/..%2fpackage.json', '/assets/..%5c..%5cpackage.json', '/missing.js']) {
    expect((await fetch(`${app.baseUrl}${escape}`)).status, escape).toBe(404)
  }

  await app.open()
  await expect(app.page).toHaveTitle('Leave Desk')
  await expect(app.page.locator('#root')).not.toBeEmpty()
  expect(app.consoleErrors()).toEqual([])
})

test('window.leaveDesk has one function per contract channel and subscription, and cannot be replaced', async ({ app }) => {
  await app.open()
  const shape = await app.page.evaluate(() => {
    const { leaveDesk } = globalThis as unknown as PageWindow
    return {
      kinds: Object.fromEntries(Object.entries(leaveDesk).map(([name, value]) => [name, typeof value])),
      frozen: Object.isFrozen(leaveDesk)
    }
  })
  const expected = [...Object.keys(INVOKE_CHANNELS), ...Object.keys(EVENT_CHANNELS)].sort()
  expect(Object.keys(shape.kinds).sort()).toEqual(expected)
  expect(new Set(Object.values(shape.kinds))).toEqual(new Set(['function']))
  expect(shape.frozen).toBe(true)
})

test('a call from the page reaches the real services, which talk to the peer sandbox', async ({ app }) => {
  await app.open()
  const info = await app.page.evaluate(() => (globalThis as unknown as PageWindow).leaveDesk.getAppInfo())
  expect(ipcChannels.getAppInfo.output.safeParse(info).success, JSON.stringify(info)).toBe(true)
  expect(info).toMatchObject({ ok: true, value: { name: 'Leave Desk', backend: { kind: 'remote', baseUrl: app.sandbox.baseUrl } } })
})

test('signing in from the page signs in at the sandbox, and session:changed reaches the page without the IPC event', async ({ app }) => {
  await app.open()
  await app.page.evaluate(() => {
    const page = globalThis as unknown as PageWindow
    page.heard = []
    page.leaveDesk.onSessionChanged((...args: unknown[]) => page.heard?.push(args))
  })

  const { username, password } = app.demo
  const answer = await app.page.evaluate(
    ([user, secret]) => (globalThis as unknown as PageWindow).leaveDesk.signInWithPassword(user, secret),
    [username, password] as const
  )
  expect(answer).toMatchObject({ ok: true, value: { state: 'signed-in', fileIds: [app.demo.fileId, app.demo.otherFileId] } })
  expect(app.sandbox.stats.count('POST /authorisation/token')).toBe(1)

  const heard = async () => app.page.evaluate(() => (globalThis as unknown as PageWindow).heard ?? [])
  await expect.poll(async () => (await heard()).length).toBeGreaterThan(0)
  const [args] = await heard()
  // One argument, the status itself: the page never gets the event object (and its `sender`).
  expect(args).toHaveLength(1)
  expect(sessionStatusSchema.parse(args?.[0])).toMatchObject({ state: 'signed-in', username })
  expect(app.consoleErrors()).toEqual([])
})

test('a page from any other origin is refused by the sender check', async ({ app }) => {
  // Same server, same files, but http://localhost is not the origin the harness allows.
  await app.page.goto(app.baseUrl.replace('127.0.0.1', 'localhost'))
  const answer = await app.page.evaluate(() => (globalThis as unknown as PageWindow).leaveDesk.getAppInfo())
  expect(answer).toMatchObject({ ok: false, error: { code: 'forbidden' } })
})

test('bad arguments come back as a bad-input envelope from the contract schema, and nothing is sent', async ({ app }) => {
  await app.open()
  await app.services.signInWithPassword(app.demo.username, app.demo.password)
  const answer = await app.page.evaluate(() => {
    const api = (globalThis as unknown as { leaveDesk: Record<string, (...args: unknown[]) => Promise<unknown>> }).leaveDesk
    return api.insertLeaveRequest?.('1001', { Notes: 42 })
  })
  expect(answer).toMatchObject({ ok: false, error: { code: 'bad-input', details: { field: 'fileId' } } })
  expect(app.sandbox.stats.count('POST /Payroll/LeaveRequest')).toBe(0)
})

test('when the sandbox goes down, a call answers network and the page hears connectivity:changed', async ({ app }) => {
  await app.services.signInWithPassword(app.demo.username, app.demo.password)
  await app.open()
  await app.page.evaluate(() => {
    const page = globalThis as unknown as PageWindow
    page.heard = []
    page.leaveDesk.onConnectivityChanged((status) => page.heard?.push([status]))
  })
  await app.sandbox.faults.down()

  const answer = await app.page.evaluate((fileId) => (globalThis as unknown as PageWindow).leaveDesk.listEntitlements(fileId), app.demo.fileId)
  expect(answer).toMatchObject({ ok: false, error: { code: 'network' } })
  await expect
    .poll(() => app.page.evaluate(() => (globalThis as unknown as PageWindow).heard?.at(-1)?.[0]))
    .toMatchObject({ state: 'unreachable' })
})

/** Page-side IndexedDB code as strings: it runs in the page, whose DOM types this Node-typed file lacks. */
const WRITE_NOTE = `new Promise((resolve, reject) => {
  const request = indexedDB.open('harness-smoke', 1)
  request.onupgradeneeded = () => request.result.createObjectStore('notes')
  request.onerror = () => reject(request.error)
  request.onsuccess = () => {
    const write = request.result.transaction('notes', 'readwrite')
    write.objectStore('notes').put('kept across reload', 'note')
    write.oncomplete = () => { request.result.close(); resolve() }
    write.onerror = () => reject(write.error)
  }
})`
const READ_NOTE = `new Promise((resolve, reject) => {
  const request = indexedDB.open('harness-smoke', 1)
  request.onerror = () => reject(request.error)
  request.onsuccess = () => {
    const read = request.result.transaction('notes').objectStore('notes').get('note')
    read.onsuccess = () => { request.result.close(); resolve(read.result) }
    read.onerror = () => reject(read.error)
  }
})`

test("reload keeps the page origin's IndexedDB and installs window.leaveDesk again", async ({ app }) => {
  await app.open()
  await app.page.evaluate(WRITE_NOTE)
  await app.reload()
  expect(await app.page.evaluate(READ_NOTE)).toBe('kept across reload')
  const status = await app.page.evaluate(() => (globalThis as unknown as PageWindow).leaveDesk.getSessionStatus())
  expect(status).toMatchObject({ ok: true, value: { state: 'signed-out' } })
  expect(app.consoleErrors()).toEqual([])
})

test('a CSP violation is blocked and lands in consoleErrors()', async ({ app }) => {
  await app.open()
  const ran = await app.page.evaluate(`(() => {
    const script = document.createElement('script')
    script.textContent = 'window.inlineScriptRan = true'
    document.body.append(script)
    return window.inlineScriptRan === true
  })()`)
  expect(ran).toBe(false)
  await expect.poll(() => app.consoleErrors().join('\n')).toContain('Content Security Policy')
})

test('screenshot() saves a PNG in the test output folder and answers its path', async ({ app }, testInfo) => {
  await app.open()
  const file = await app.screenshot('smoke')
  expect(file).toBe(testInfo.outputPath('smoke.png'))
  const bytes = await readFile(file)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
})

test('the axe check passes a clean page and names the rule, impact and element of a serious violation', async ({ app }) => {
  await app.open()
  await expectNoSeriousA11yViolations(app.page, 'the start screen')

  await app.page.evaluate(`document.body.insertAdjacentHTML('beforeend',
    '<img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">')`)
  const failure = await expectNoSeriousA11yViolations(app.page, 'the broken page').then(
    () => null,
    (error: unknown) => String(error)
  )
  expect(failure).toContain('the broken page')
  expect(failure).toMatch(/image-alt \(critical\).*#no-alt/)
})
