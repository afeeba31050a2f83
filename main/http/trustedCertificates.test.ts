import tls from 'node:tls'
import { describe, expect, it } from 'vitest'
import { trustedCertificates, type GetCACertificates } from './trustedCertificates'

const SYSTEM_ROOT = '-----BEGIN CERTIFICATE-----\nsystem\n-----END CERTIFICATE-----\n'
const OFFICE_ROOT = '-----BEGIN CERTIFICATE-----\noffice\n-----END CERTIFICATE-----\n'

describe('trustedCertificates', () => {
  it('where Node has no getCACertificates (Node 20): Node’s own roots, untouched', () => {
    expect(trustedCertificates({ getCACertificates: null })).toBeUndefined()
  })

  it('adds the operating system’s roots to the bundled ones, never instead of them', () => {
    const get: GetCACertificates = (kind) => (kind === 'system' ? [SYSTEM_ROOT] : kind === 'default' ? [...tls.rootCertificates] : [])
    const list = trustedCertificates({ getCACertificates: get }) ?? []
    expect(list).toContain(SYSTEM_ROOT)
    expect(list).toEqual(expect.arrayContaining([...tls.rootCertificates]))
  })

  it('keeps the bundled roots when the system store cannot be read, and adds injected ones', () => {
    const broken: GetCACertificates = (kind) => {
      if (kind === 'system') throw new Error('keychain locked')
      return [...tls.rootCertificates]
    }
    expect(trustedCertificates({ getCACertificates: broken })).toBeUndefined()
    const list = trustedCertificates({ getCACertificates: broken, extraCAs: [OFFICE_ROOT] }) ?? []
    expect(list.at(-1)).toBe(OFFICE_ROOT)
    expect(list.length).toBe(new Set([...tls.rootCertificates]).size + 1)
  })
})
