import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer, connect } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A real HTTP proxy for tests: Debian's tinyproxy on a random 127.0.0.1 port with a generated config,
 * its log in a temp file, so a test can read from the proxy itself which requests went through it.
 */
export const TINYPROXY = '/usr/bin/tinyproxy'

export interface RunningProxy {
  port: number
  /** What Electron's resolveProxy answers for a PAC that sends everything through this proxy. */
  pacResult: string
  /** The proxy's own log so far. */
  log(): Promise<string>
  close(): Promise<void>
}

/**
 * `connectPorts`: the ports CONNECT may reach (tinyproxy refuses the others with 403). `basicAuth`: the
 * one user the proxy lets through (407 without it).
 */
export async function startTinyproxy(options: { connectPorts: number[]; basicAuth?: { username: string; password: string } }): Promise<RunningProxy> {
  const dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-proxy-'))
  const port = await freePort()
  const logFile = path.join(dir, 'tinyproxy.log')
  const config = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Timeout 30',
    `LogFile "${logFile}"`,
    'LogLevel Info',
    'MaxClients 20',
    'Allow 127.0.0.1',
    ...options.connectPorts.map((p) => `ConnectPort ${p}`),
    ...(options.basicAuth ? [`BasicAuth ${options.basicAuth.username} ${options.basicAuth.password}`] : [])
  ].join('\n')
  await writeFile(path.join(dir, 'tinyproxy.conf'), `${config}\n`)
  const child = spawn(TINYPROXY, ['-d', '-c', path.join(dir, 'tinyproxy.conf')], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await untilListening(port, child)
  return {
    port,
    pacResult: `PROXY 127.0.0.1:${port}; DIRECT`,
    log: () => readFile(logFile, 'utf8').catch(() => ''),
    async close() {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
      await rm(dir, { recursive: true, force: true })
    }
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

/** Bounded: 100 tries 50 ms apart. */
async function untilListening(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`tinyproxy exited with ${child.exitCode}`)
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) return
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  child.kill('SIGTERM')
  throw new Error('tinyproxy did not start listening within 5 s')
}
