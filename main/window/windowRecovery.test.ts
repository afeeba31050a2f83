import { describe, expect, it } from 'vitest'
import { createWindowRecovery, MAX_RELOADS, type RecoveryNotice } from './windowRecovery'

function recovery(options: { again?: boolean } = {}) {
  let time = 0
  const happened: string[] = []
  const notices: RecoveryNotice[] = []
  const handlers = createWindowRecovery({
    reload: () => happened.push('reload'),
    quit: () => happened.push('quit'),
    tell: async (notice) => (notices.push(notice), options.again ?? false),
    now: () => time
  })
  return { handlers, happened, notices, advance: (ms: number) => (time += ms) }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('a page that dies or fails to load', () => {
  it('is reloaded and the clerk is told why, so the window is never left blank', async () => {
    const { handlers, happened, notices } = recovery()
    handlers.renderProcessGone({ reason: 'crashed', exitCode: 139 })
    handlers.didFailLoad(-6, 'ERR_FILE_NOT_FOUND', true)
    await settle()
    expect(happened).toEqual(['reload', 'reload'])
    expect(notices).toEqual([
      { kind: 'reloaded', cause: 'its process ended: crashed (exit code 139)' },
      { kind: 'reloaded', cause: 'it could not load: ERR_FILE_NOT_FOUND (-6)' }
    ])
  })

  it('ignores a clean exit, a subframe and a cancelled load', () => {
    const { handlers, happened } = recovery()
    handlers.renderProcessGone({ reason: 'clean-exit' })
    handlers.didFailLoad(-6, 'ERR_FILE_NOT_FOUND', false)
    handlers.didFailLoad(-3, 'ERR_ABORTED', true)
    expect(happened).toEqual([])
  })

  it('asks instead of reloading in a loop when it keeps failing, and quits unless the clerk tries again', async () => {
    const quitting = recovery()
    for (let n = 0; n <= MAX_RELOADS; n++) quitting.handlers.renderProcessGone({ reason: 'oom' })
    await settle()
    expect(quitting.happened).toEqual([...Array<string>(MAX_RELOADS).fill('reload'), 'quit'])
    expect(quitting.notices.at(-1)).toEqual({ kind: 'keeps-failing', cause: 'its process ended: oom' })

    const retrying = recovery({ again: true })
    for (let n = 0; n <= MAX_RELOADS; n++) retrying.handlers.renderProcessGone({ reason: 'oom' })
    await settle()
    expect(retrying.happened).toEqual(Array<string>(MAX_RELOADS + 1).fill('reload'))
  })

  it('counts only recent failures: one a minute apart is reloaded every time', async () => {
    const { handlers, happened, advance } = recovery()
    for (let n = 0; n < MAX_RELOADS * 2; n++) {
      handlers.renderProcessGone({ reason: 'crashed' })
      advance(61_000)
    }
    await settle()
    expect(happened).toEqual(Array<string>(MAX_RELOADS * 2).fill('reload'))
  })
})
