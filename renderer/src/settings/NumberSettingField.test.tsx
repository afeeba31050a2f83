import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NumberSettingField } from './NumberSettingField'

const draft = { target: 'payroll', apiBaseUrl: 'https://api.saasu.com', bodyFormat: 'json', requestsPerSecond: '1', dailyQuota: '4000', defaultHoursPerDay: '7.6' } as const
const render = (lockedByOrganisation: boolean) =>
  renderToStaticMarkup(
    <NumberSettingField field="dailyQuota" label="Daily quota" draft={draft} problems={{}} onEdit={() => {}} onCheck={() => {}} lockedByOrganisation={lockedByOrganisation} />
  )

describe('a setting the organisation’s policy fixes', () => {
  it('shows its value, read-only, with "Set by your organisation" tied to the field', () => {
    const html = render(true)
    expect(html).toMatch(/<input id="settings-dailyQuota"[^>]*readOnly=""[^>]*aria-describedby="settings-dailyQuota-locked"/)
    expect(html).toContain('value="4000"')
    expect(html).toContain('<p id="settings-dailyQuota-locked" class="field-hint">Set by your organisation</p>')
    expect(render(false)).not.toContain('Set by your organisation')
    expect(render(false)).not.toContain('readOnly')
  })
})
