import { spawn } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import type { TeamServer } from './startTeamServer'

const SERVER_SCRIPT = path.join(process.cwd(), 'test/teamServer/teamServerProcess.ts')

/**
 * The test server in a child process of its own, as a real CouchDB would be: the bench's replica then has
 * this process's event loop to itself, and the server's share of the time is its own process's CPU.
 * `cpuMs()` reads the child's CPU time so far (user + system, ms) from /proc, Linux only.
 */
export interface TeamServerProcess extends TeamServer {
  readonly pid: number
  cpuMs(): Promise<number | null>
}

/** Node itself with tsx's loader (not tsx's command, which would start yet another process): `pid` is the server's. */
export async function startTeamServerProcess(): Promise<TeamServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_SCRIPT], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve)
    child.once('exit', (code) => reject(new Error(`The team server process ended before it listened (exit ${code}).`)))
  })
  const address = JSON.parse(first) as { url: string; port: number; store: string }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    ...address,
    pid: child.pid ?? -1,
    cpuMs: () => processCpuMs(child.pid),
    async stop() {
      child.stdin.end()
      await exited
    }
  }
}

async function processCpuMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null
  try {
    const { readFile } = await import('node:fs/promises')
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}
