import { afterAll, afterEach, beforeAll } from 'vitest'
import { startSandbox, type Sandbox } from '../../sandbox'
import { makeTestCertificates, type TestCertificates } from './testCertificates'

/**
 * For the tests against real servers: one sandbox (with a test CA's certificates) per file, handed to
 * `ready`; answers the list of closers, run newest first after each test.
 */
export function sandboxWithCertificatesPerFile(
  ready: (sandbox: Sandbox, certificates: TestCertificates) => void
): (() => Promise<unknown>)[] {
  const closers: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close()
  })
  let sandbox: Sandbox | undefined
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 })
    ready(sandbox, makeTestCertificates())
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  return closers
}
