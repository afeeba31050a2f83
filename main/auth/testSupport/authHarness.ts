import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox'
import { createEncryptedFileTokenStore } from '../encryptedFileTokenStore'
import { type RequestAuth } from '../requestAuth'
import { createSession, type Session, type SessionDeps } from '../session'
import { type StoredSession, storedSessionSchema } from '../storedSession'
import { type TokenStore } from '../tokenStore'
import { aesGcmTestCipher } from './aesGcmTestCipher'
import { type ManualClock, manualClock } from './manualClock'

/**
 * A sandbox on a random 127.0.0.1 port and a session factory sharing one hand-driven clock, so token
 * lifetimes pass instantly for both sides. close() ends everything it opened.
 */
export interface AuthHarness {
  sandbox: Sandbox
  clock: ManualClock
  agent: Agent
  /** Where fileStore() keeps its session. */
  storeFile: string
  cipher: ReturnType<typeof aesGcmTestCipher>
  fileStore(options?: { allowBasicText?: () => boolean; cipher?: ReturnType<typeof aesGcmTestCipher> }): TokenStore
  session(overrides?: Partial<SessionDeps>): Session
  /** What the store file holds, decrypted with the harness cipher (null when there is no file). */
  persisted(): Promise<StoredSession | null>
  /** Status of `GET /Payroll/Entitlements` for `fileId` with these credentials: a real authenticated call. */
  entitlementsStatus(auth: RequestAuth | null, fileId?: number): Promise<number>
  close(): Promise<void>
}

export async function startAuthHarness(options: Omit<SandboxOptions, 'now' | 'port'> = {}): Promise<AuthHarness> {
  const clock = manualClock()
  const sandbox = await startSandbox({ ...options, port: 0, now: clock.now })
  const agent = new Agent({ keepAliveTimeout: 2_000, connect: { timeout: 5_000 } })
  const dir = await mkdtemp(join(tmpdir(), 'leave-desk-session-'))
  const storeFile = join(dir, 'session.bin')
  const cipher = aesGcmTestCipher()
  const sessions: Session[] = []

  return {
    sandbox,
    clock,
    agent,
    storeFile,
    cipher,
    fileStore: (storeOptions = {}) =>
      createEncryptedFileTokenStore({
        filePath: storeFile,
        cipher: storeOptions.cipher ?? cipher,
        allowBasicText: storeOptions.allowBasicText ?? (() => false)
      }),
    session(overrides = {}) {
      const session = createSession({
        baseUrl: sandbox.baseUrl,
        dispatcher: agent,
        store: createEncryptedFileTokenStore({ filePath: storeFile, cipher, allowBasicText: () => false }),
        now: clock.now,
        setTimer: clock.setTimer,
        clearTimer: clock.clearTimer,
        requestTimeoutMs: 10_000,
        ...overrides
      })
      sessions.push(session)
      return session
    },
    async persisted() {
      const bytes = await readFile(storeFile).catch(() => null)
      if (bytes === null) return null
      const content = JSON.parse((await cipher.decryptString(bytes)).text) as { session: unknown }
      return storedSessionSchema.parse(content.session)
    },
    async entitlementsStatus(auth, fileId = 1001) {
      if (auth === null) return 0
      const url = new URL('/Payroll/Entitlements', sandbox.baseUrl)
      url.searchParams.set('FileId', String(fileId))
      const headers: Record<string, string> = {}
      if (auth.kind === 'bearer') headers.authorization = `Bearer ${auth.accessToken}`
      else url.searchParams.set('wsAccessKey', auth.wsAccessKey)
      const response = await request(url, { dispatcher: agent, headers })
      await response.body.dump()
      return response.statusCode
    },
    async close() {
      for (const session of sessions) session.close()
      await agent.close()
      await sandbox.close()
      await rm(dir, { recursive: true, force: true })
    }
  }
}
