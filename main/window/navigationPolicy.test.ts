import { describe, expect, it } from 'vitest'
import { decideNavigation, isAllowedExternalUrl } from './navigationPolicy'
import { isAppUrl } from '../ipc/senderPolicy'

const ALLOWED = ['https://help.example.com']

describe('isAllowedExternalUrl', () => {
  it('allows an exact allowlisted https origin, any path', () => {
    expect(isAllowedExternalUrl('https://help.example.com/leave/approve?x=1', ALLOWED)).toBe(true)
  })

  it.each([
    'http://help.example.com/',
    'https://help.example.com.evil.test/',
    'https://evil.test/?https://help.example.com',
    'https://help.example.com@evil.test/',
    'https://user:pw@help.example.com/',
    'https://help.example.com:8443/',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'not a url'
  ])('refuses %s', (url) => {
    expect(isAllowedExternalUrl(url, ALLOWED)).toBe(false)
  })
})

describe('decideNavigation', () => {
  it('lets the app reload itself and denies everything else, opening only allowlisted links', () => {
    expect(decideNavigation('app://leave-desk/index.html', isAppUrl, ALLOWED)).toEqual({ action: 'stay' })
    expect(decideNavigation('https://help.example.com/x', isAppUrl, ALLOWED)).toEqual({ action: 'deny', openExternally: true })
    expect(decideNavigation('https://evil.test/', isAppUrl, ALLOWED)).toEqual({ action: 'deny', openExternally: false })
    expect(decideNavigation('app://evil/index.html', isAppUrl, ALLOWED)).toEqual({ action: 'deny', openExternally: false })
  })
})
