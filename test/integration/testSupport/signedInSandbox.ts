import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { startHarness, type SandboxHarness } from '../../../main/sandbox/testSupport/sandboxClient'
import type { SandboxOptions } from '../../../main/sandbox'

type Ready = (harness: SandboxHarness, token: string) => void

function signedInSandbox(before: typeof beforeAll, after: typeof afterAll, options: SandboxOptions, ready: Ready): void {
  let harness: SandboxHarness | null = null
  before(async () => {
    harness = await startHarness(options)
    ready(harness, (await harness.signIn()).access_token)
  })
  after(async () => {
    await harness?.close()
    harness = null
  })
}

/**
 * One sandbox per test file, with the clerk signed in: started before the file's tests, closed after.
 * `ready` hands the harness and the access token to the file's own variables.
 */
export function signedInSandboxPerFile(options: SandboxOptions, ready: Ready): void {
  signedInSandbox(beforeAll, afterAll, options, ready)
}

/** A fresh sandbox for every test, with the clerk signed in: for files whose tests change the sandbox's store. */
export function signedInSandboxPerTest(options: SandboxOptions, ready: Ready): void {
  signedInSandbox(beforeEach, afterEach, options, ready)
}
