import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { OfficeSettings } from '../team/officeSettings'
import { TeamOfficeSettingsView } from './TeamOfficeSettings'

const render = (shared: Pick<OfficeSettings, 'dailyQuota' | 'shareNotes'>) =>
  renderToStaticMarkup(<TeamOfficeSettingsView fileId={7} computerDailyQuota={3000} shared={shared} />)

describe('Settings → Team: what the office shares', () => {
  it('keeps notes off by default, saying plainly what turning them on does; the quota falls back to the computer’s', () => {
    const html = render({})
    expect(html).toMatch(/<input type="checkbox"(?![^>]*checked)[^>]*>Share request notes with the team/)
    expect(html).toContain('Notes can hold medical details')
    expect(html).toContain('placeholder="This computer’s: 3000"')
    expect(html).toContain('each computer uses its own')
  })

  it('shows what a colleague set for the office, and who', () => {
    const html = render({
      dailyQuota: { value: 20_000, changedBy: 'mia at FRONT-DESK-1', changedAt: 1 },
      shareNotes: { value: true, changedBy: 'ben at FRONT-DESK-2', changedAt: 2 }
    })
    expect(html).toContain('value="20000"')
    expect(html).toContain('Set by mia at FRONT-DESK-1.')
    expect(html).toMatch(/<input type="checkbox"[^>]*checked=""[^>]*>Share request notes with the team/)
    expect(html).toContain('Last changed by ben at FRONT-DESK-2.')
  })
})
