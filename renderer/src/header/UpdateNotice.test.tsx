import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ok, type ApiResult } from '../../../shared/apiError'
import type { UpdateStatus } from '../../../shared/ipc'
import { UpdateNoticeView } from './UpdateNotice'
import type { RestartRequest } from './updateNoticeView'
import { watchUpdateStatus } from './watchUpdateStatus'

const render = (status: UpdateStatus, request: RestartRequest = { kind: 'idle' }) =>
  renderToStaticMarkup(<UpdateNoticeView status={status} request={request} onRestart={() => {}} />)
const restartButton = /<button type="button"[^>]*>Restart to update<\/button>/

describe('UpdateNotice', () => {
  it('says nothing while there is no update, or while one is still downloading', () => {
    expect(render({ state: 'none' })).toBe('')
    expect(render({ state: 'downloading', version: '1.4.0' })).toBe('')
  })

  it('offers "Restart to update" as a real button once a version is ready, and announces it', () => {
    const html = render({ state: 'ready', version: '1.4.0' })
    expect(html).toContain('role="status"')
    expect(html).toContain('Version 1.4.0 is ready.')
    expect(html).toMatch(restartButton)
  })

  it('says how many requests the restart waits for, with no button to press again', () => {
    const html = render({ state: 'ready', version: '1.4.0', waitingForSends: 2 })
    expect(html).toContain('Waiting for 2 requests to finish sending, then restarting…')
    expect(html).not.toMatch(restartButton)
    expect(render({ state: 'ready', waitingForSends: 1 })).toContain('Waiting for 1 request to finish sending')
  })

  it('says plainly when the restart was held back, and lets the clerk try again', () => {
    const html = render({ state: 'ready', version: '1.4.0', restartHeldBack: 'still-sending' })
    expect(html).toContain('Not restarted: requests are still being sent.')
    expect(html).toMatch(restartButton)
    const failed = render({ state: 'ready', version: '1.4.0', restartHeldBack: 'restart-failed' })
    expect(failed).toContain('Leave Desk could not restart just now.')
    expect(failed).toMatch(restartButton)
  })

  it('shows that it is restarting after the click, and main\'s reason when it refused', () => {
    expect(render({ state: 'ready', version: '1.4.0' }, { kind: 'restarting' })).toContain('Restarting to update…')
    const refused = render({ state: 'ready' }, { kind: 'refused', message: 'No update is ready to install.' })
    expect(refused).toContain('No update is ready to install.')
    expect(refused).toMatch(restartButton)
  })
})

describe('watchUpdateStatus', () => {
  function fakeApi(first: Promise<ApiResult<UpdateStatus>>) {
    const listeners = new Set<(status: UpdateStatus) => void>()
    return {
      listeners,
      api: {
        getUpdateStatus: () => first,
        onUpdateStatus: (listener: (status: UpdateStatus) => void) => {
          listeners.add(listener)
          return () => void listeners.delete(listener)
        }
      }
    }
  }

  it('picks up an update announced before the window opened', async () => {
    const { api } = fakeApi(Promise.resolve(ok<UpdateStatus>({ state: 'ready', version: '1.4.0' })))
    const seen: UpdateStatus[] = []
    watchUpdateStatus(api, (status) => seen.push(status))
    await Promise.resolve()
    await Promise.resolve()
    expect(seen).toEqual([{ state: 'ready', version: '1.4.0' }])
  })

  it('lets an event that arrives before the first answer win, and stops listening when asked', async () => {
    let answer: (value: ApiResult<UpdateStatus>) => void = () => {}
    const { api, listeners } = fakeApi(new Promise((resolve) => (answer = resolve)))
    const seen: UpdateStatus[] = []
    const stop = watchUpdateStatus(api, (status) => seen.push(status))
    listeners.forEach((listener) => listener({ state: 'ready', version: '1.4.0' }))
    answer(ok<UpdateStatus>({ state: 'downloading', version: '1.4.0' }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(seen).toEqual([{ state: 'ready', version: '1.4.0' }])
    stop()
    expect(listeners.size).toBe(0)
  })
})
