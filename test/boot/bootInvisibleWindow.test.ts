import { describe, expect, it } from 'vitest'
import { until } from './bootBuiltMain'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/** A page that dies before its first paint must not leave an app with no visible window. */
const { boot } = cleanUpAfterAll()

describe('the page dies before its first paint', () => {
  it('shows the window at once (the recovery’s notice then has a visible parent) instead of staying hidden', async () => {
    const booted = await boot()
    const window = booted.double.windows[0]!
    expect(window.options.show).toBe(false)
    expect(window.shown).toBe(false)
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 })
    expect(window.shown).toBe(true)
    await until(() => booted.double.dialogs.length > 0, 'the recovery notice')
    expect(booted.double.dialogs[0]).toMatchObject({ kind: 'message-box', options: { message: 'Leave Desk had to reload its window.' } })
  })
})
