import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { Persistence } from '../../../shared/ipc'
import { KeyringChoiceView } from './KeyringChoice'

const render = (allowed: boolean, persistence: Persistence) =>
  renderToStaticMarkup(<KeyringChoiceView allowed={allowed} persistence={persistence} busy={false} error={null} onChoose={() => {}} />)

describe('KeyringChoice', () => {
  it('says a keyring keeps the sign-in, with nothing to choose', () => {
    const html = render(false, 'encrypted')
    expect(html).toContain('kept encrypted with this computer’s keyring')
    expect(html).not.toContain('<button')
    expect(html).not.toContain('type="checkbox"')
  })

  it('offers the opt-in, with its warning, where there is no keyring', () => {
    const html = render(false, 'needs-opt-in')
    expect(html).toContain('Keep me signed in without encryption')
    // Plainly: a copy of the data folder is enough, and for how long.
    expect(html).toContain('anyone with a copy of that folder could use your payroll account')
    expect(html).toContain('for up to a year')
  })

  it('after the opt-in says so plainly (not "keyring") and offers to take it back', () => {
    const html = render(true, 'encrypted')
    expect(html).toContain('You agreed to keep your sign-in on this computer without encryption')
    expect(html).not.toContain('kept encrypted with this computer’s keyring')
    expect(html).toMatch(/<button type="button"[^>]*>Stop keeping me signed in<\/button>/)
  })
})
