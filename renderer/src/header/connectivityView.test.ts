import { describe, expect, it } from 'vitest'
import type { SessionStatus } from '../../../shared/ipc'
import { connectivityView } from './connectivityView'

const signedIn: SessionStatus = { state: 'signed-in', fileIds: [1001], refreshExpiresSoon: false, persistence: 'encrypted' }
const at = (state: 'unknown' | 'reachable' | 'unreachable') => ({ state, since: 0 })

describe('connectivityView', () => {
  it('says Online or Offline for a signed-in clerk', () => {
    expect(connectivityView(signedIn, at('reachable')).label).toBe('Online')
    expect(connectivityView(signedIn, at('unreachable')).label).toBe('Offline')
    expect(connectivityView(signedIn, at('unknown')).label).toBe('Checking…')
  })
  it('says Signed out whatever the network, and why when the sign-in expired', () => {
    const ended: SessionStatus = { ...signedIn, state: 'signed-out', fileIds: [], endedBecause: 'refresh-refused' }
    const view = connectivityView(ended, at('reachable'))
    expect(view.label).toBe('Signed out')
    expect(view.detail).toMatch(/^Signed in elsewhere: .*drafts and queued requests are kept/)
  })
})
