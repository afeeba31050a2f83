import { afterEach, describe, expect, it } from 'vitest'
import { killStartedCliProcesses, runCli } from './testSupport/cliProcess'

/**
 * `npm run sandbox`: starts, prints where it listens, serves, and stops cleanly on SIGTERM. Run as one
 * Node process with tsx's loader (not through npx), so the test can signal exactly the process it started.
 */

afterEach(killStartedCliProcesses)

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
