import { describe, expect, it } from 'vitest'
import { describeWeek } from './describeWeek'

describe('a work pattern in words', () => {
  it('groups days with the same hours and leaves days off unsaid', () => {
    expect(describeWeek([0, 7.6, 7.6, 7.6, 4, 0, 0])).toBe('Mon–Wed 7.6 h, Thu 4 h')
    expect(describeWeek([0, 7.6, 7.6, 7.6, 7.6, 7.6, 0])).toBe('Mon–Fri 7.6 h')
    expect(describeWeek([5, 0, 8, 0, 8, 0, 5])).toBe('Tue 8 h, Thu 8 h, Sat–Sun 5 h')
  })
})
