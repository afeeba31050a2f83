import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * `npm start` runs scripts/checkElectronBinary.mjs before `electron .`. Here the binary is missing (as
 * on this machine) and the only mirror refuses it (a local server answering 404): the clerk's IT person
 * must get one clear message saying what `npm start` needs, not Electron's stack trace.
 */
const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function run(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join('scripts', 'checkElectronBinary.mjs')], { env })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('npm start without the Electron binary', () => {
  it('says in one message what it needs (the download, a mirror or a path) and exits 1', async () => {
    const mirror = createServer((_request, response) => response.writeHead(404).end())
    await new Promise<void>((resolve) => mirror.listen(0, '127.0.0.1', resolve))
    cleanups.push(() => new Promise((resolve) => mirror.close(() => resolve())))
    const cache = await mkdtemp(path.join(tmpdir(), 'leave-desk-electron-cache-'))
    cleanups.push(() => rm(cache, { recursive: true, force: true }))
    const { port } = mirror.address() as AddressInfo

    const result = await run({
      ...process.env,
      // An empty folder: missing even where a developer has the binary installed.
      ELECTRON_OVERRIDE_DIST_PATH: cache,
      ELECTRON_MIRROR: `http://127.0.0.1:${port}/`,
      electron_config_cache: cache,
      NO_PROXY: '127.0.0.1',
      no_proxy: '127.0.0.1'
    })

    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^\nLeave Desk cannot start: the Electron [\d.]+ binary is not on this computer/)
    for (const way of ['github.com', 'HTTPS_PROXY', 'ELECTRON_MIRROR', 'ELECTRON_OVERRIDE_DIST_PATH']) expect(result.stderr).toContain(way)
    // Not Electron's own stack trace.
    expect(result.stderr).not.toMatch(/^\s+at /m)
  })
})
