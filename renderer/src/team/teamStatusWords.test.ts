import { describe, expect, it } from 'vitest'
import { teamStatusWords } from './teamStatusWords'

const TEN_FOURTEEN = new Date(2026, 11, 7, 10, 14).getTime()

describe('the team line', () => {
  it('is absent without a team server: the app reads as it does alone', () => {
    expect(teamStatusWords({ state: 'off' }, 0)).toBeNull()
  })

  it('says how fresh the team view is', () => {
    expect(teamStatusWords({ state: 'up-to-date', asOf: TEN_FOURTEEN }, 0)?.label).toBe('Team as of 10:14')
  })

  it('says sending goes on while the team server cannot be reached, and since when the view is', () => {
    const words = teamStatusWords({ state: 'unreachable', asOf: TEN_FOURTEEN }, 0)
    expect(words).toMatchObject({ tone: 'warning', label: 'Team server unreachable — sending goes on' })
    expect(words?.detail).toMatch(/as of 10:14/)
  })

  it('owns up to records it could not read', () => {
    expect(teamStatusWords({ state: 'up-to-date', asOf: TEN_FOURTEEN }, 3)?.detail).toMatch(/3 team records were unreadable/)
  })
})
