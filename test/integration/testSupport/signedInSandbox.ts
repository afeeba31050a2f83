import { afterAll, beforeAll } from 'vitest'
import { startHarness, type SandboxHarness } from '../../../main/sandbox/testSupport/sandboxClient'
import type { SandboxOptions } from '../../../main/sandbox'

/**
 * One sandbox per test file, with the clerk signed in: started before the file's tests, closed after.
 * `ready` hands the harness and the access token to the file's own variables.
 */
export function signedInSandboxPerFile(options: SandboxOptions, ready: (harness: SandboxHarness, token: string) => void): void {
  let harness: SandboxHarness | null = null
  beforeAll(async () => {
    harness = await startHarness(options)
    ready(harness, (await harness.signIn()).access_token)
  })
  afterAll(async () => {
    await harness?.close()
  })
}
