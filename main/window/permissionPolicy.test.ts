import { describe, expect, it } from 'vitest'
import { isPermissionGranted } from './permissionPolicy'

describe('isPermissionGranted', () => {
  it('lets the app page keep its drafts storage durable', () => {
    expect(isPermissionGranted('persistent-storage', 'app://leave-desk/index.html')).toBe(true)
  })

  it.each([
    ['persistent-storage', 'https://example.com/'],
    ['persistent-storage', 'app://leave-desk.evil/index.html'],
    ['persistent-storage', undefined],
    ['persistent-storage', 'not a url'],
    ['media', 'app://leave-desk/index.html'],
    ['geolocation', 'app://leave-desk/index.html'],
    ['notifications', 'app://leave-desk/index.html'],
    ['openExternal', 'app://leave-desk/index.html']
  ])('refuses %s for %s', (permission, url) => {
    expect(isPermissionGranted(permission, url)).toBe(false)
  })
})
