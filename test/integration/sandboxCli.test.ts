import { spawn, type ChildProcess } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * `npm run sandbox`: starts, prints where it listens, serves, and stops cleanly on SIGTERM. Run as one
 * Node process with tsx's loader (not through npx), so the test can signal exactly the process it started.
 */

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

function runCli(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/sandbox/cli.ts', ...args], {
    cwd: process.cwd(),
    stdio: ['ignore', 'pipe', 'pipe']
  })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  /** Resolves with the printed base URL; rejects if the process exits first or 30 s pass. */
  const url = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within the bound; stdout: ${stdout} stderr: ${stderr}`)), 30_000)
    const look = () => {
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)
      if (match?.[1]) {
        clearTimeout(timer)
        resolve(match[1])
      }
    }
    child.stdout?.on('data', look)
    void exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`exited with ${code} before printing a URL; stderr: ${stderr}`))
    })
  })
  return { child, url, exited, output: () => ({ stdout, stderr }) }
}

describe('sandbox CLI', () => {
  it('listens on a random port, prints the URL, demo users and a curl example, and serves', { timeout: 60_000 }, async () => {
    const run = runCli(['--port', '0', '--token-ttl', '30'])
    const baseUrl = await run.url
    const { stdout } = run.output()
    expect(stdout).toContain('clerk@demo.test')
    expect(stdout).toContain('curl')
    const answer = await fetch(`${baseUrl}/authorisation/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', username: 'clerk@demo.test', password: 'demo-password', scope: 'full' })
    })
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { expires_in: number }).expires_in).toBe(30)
    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
  })

  it('refuses an unknown flag with exit code 2 and says which', { timeout: 60_000 }, async () => {
    const run = runCli(['--no-such-flag'])
    run.url.catch(() => undefined)
    expect(await run.exited).toBe(2)
    expect(run.output().stderr).toContain('--no-such-flag')
  })

  it('refuses a bad number with exit code 2', { timeout: 60_000 }, async () => {
    const run = runCli(['--rate', 'fast'])
    run.url.catch(() => undefined)
    expect(await run.exited).toBe(2)
    expect(run.output().stderr).toContain('--rate')
  })
})
