import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { INVOKE_CHANNELS } from '../../shared/ipc/channelNames'
import { APP_FRAME, until } from './bootBuiltMain'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/**
 * A saved sign-in on disk, and a keyring that says encryption works but cannot decrypt just now (locked
 * after a resume, its D-Bus service restarting): the app starts signed out for now, opens its window, and
 * the saved sign-in is still there for the next start.
 */
const { boot } = cleanUpAfterAll()

describe('a keyring briefly unavailable', () => {
  it('never deletes the saved sign-in, and start-up does not wait on it', async () => {
    let sessionFile = ''
    const booted = await boot(
      {},
      {
        tamper: (double) => {
          const userData = path.join(double.app.getPath('appData'), 'leave-desk')
          sessionFile = path.join(userData, 'session-embedded-sandbox.bin')
          Object.assign(double.electron.safeStorage as object, {
            isEncryptionAvailable: () => true,
            isAsyncEncryptionAvailable: async () => true,
            getSelectedStorageBackend: () => 'gnome_libsecret',
            decryptStringAsync: async () => {
              throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
            }
          })
          mkdirSync(userData, { recursive: true })
          writeFileSync(sessionFile, 'sealed by the keyring')
        }
      }
    )
    const logFile = path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log')
    await until(() => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('started with'), 'the start')
    expect(booted.double.windows).toHaveLength(1)
    expect(await booted.invoke(INVOKE_CHANNELS.getSessionStatus, APP_FRAME)).toMatchObject({ ok: true, value: { state: 'signed-out' } })
    expect(readFileSync(sessionFile, 'utf8')).toBe('sealed by the keyring')
  })
})
