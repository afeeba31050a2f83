import { describe, expect, it } from 'vitest'
import { spellcheckSetup } from './spellcheck'

describe('spellcheckSetup', () => {
  it('Windows: en-AU and en-NZ with the OS checker, nothing downloaded', () => {
    expect(spellcheckSetup('win32', null)).toEqual({ enabled: true, languages: ['en-AU', 'en-NZ'], dictionaryUrl: null })
  })

  it('Linux: dictionaries only from the organisation’s feed, never Google’s; without a feed, off', () => {
    expect(spellcheckSetup('linux', 'https://updates.office.example/leave-desk')).toEqual({
      enabled: true,
      languages: ['en-AU', 'en-NZ'],
      dictionaryUrl: 'https://updates.office.example/leave-desk/dictionaries/'
    })
    expect(spellcheckSetup('linux', null)).toEqual({ enabled: false })
  })

  it('macOS: the OS checker and the user’s languages', () => {
    expect(spellcheckSetup('darwin', null)).toEqual({ enabled: true, languages: null, dictionaryUrl: null })
  })
})
