import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { until } from './bootBuiltMain'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/** The built app when Electron refuses something at start-up (here: serving app://). */
const { boot } = cleanUpAfterAll()

describe('a start that fails', () => {
  it('tells the clerk the cause and where the log is, opens no window, and exits with an error', async () => {
    const booted = await boot(
      {},
      {
        expectWindow: false,
        tamper: (double) => {
          ;(double.electron.protocol as { handle: () => void }).handle = () => {
            throw new Error('The scheme has already been handled')
          }
        }
      }
    )
    const { double } = booted
    await until(() => double.app.exitCodes.length > 0, 'the exit')
    expect(double.app.exitCodes).toEqual([1])
    expect(double.windows).toEqual([])
    expect(double.dialogs).toHaveLength(1)
    const { title, content } = double.dialogs[0]!.options as { title: string; content: string }
    expect(title).toBe('Leave Desk could not start')
    expect(content).toContain('Error: The scheme has already been handled')
    expect(content).toContain(path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log'))
  })
})
