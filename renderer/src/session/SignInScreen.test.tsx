import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { SignInAddress } from './SignInScreen'

describe('the sign-in screen', () => {
  it('says which payroll address the sign-in goes to', () => {
    expect(renderToStaticMarkup(<SignInAddress backend={{ kind: 'remote', baseUrl: 'https://payroll.example.com' }} />)).toContain(
      'Payroll address: https://payroll.example.com (change it in Settings)'
    )
  })

  it('says nothing of an address in Practice, which has its own band and demo sign-in', () => {
    const practice = { kind: 'embedded-sandbox' as const, baseUrl: 'http://127.0.0.1:1', demoCredentials: { clerk: { username: 'c', password: 'p' }, legacyKey: { wsAccessKey: 'k', fileId: 1 } } }
    expect(renderToStaticMarkup(<SignInAddress backend={practice} />)).toBe('')
  })
})
