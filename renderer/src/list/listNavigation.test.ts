import { describe, expect, it } from 'vitest'
import { nextIndex } from './listNavigation'

describe('nextIndex', () => {
  it('moves by one with the arrows and stops at the ends', () => {
    expect(nextIndex('ArrowDown', 3, 10, 8)).toBe(4)
    expect(nextIndex('ArrowDown', 9, 10, 8)).toBe(9)
    expect(nextIndex('ArrowUp', 0, 10, 8)).toBe(0)
  })
  it('starts at the top when nothing is selected', () => {
    expect(nextIndex('ArrowDown', -1, 10, 8)).toBe(0)
    expect(nextIndex('ArrowUp', -1, 10, 8)).toBe(0)
  })
  it('moves a screenful with Page keys and to the ends with Home and End', () => {
    expect(nextIndex('PageDown', 3, 10_000, 8)).toBe(11)
    expect(nextIndex('PageUp', 3, 10_000, 8)).toBe(0)
    expect(nextIndex('End', 3, 10_000, 8)).toBe(9999)
    expect(nextIndex('Home', 500, 10_000, 8)).toBe(0)
  })
  it('ignores other keys and an empty list', () => {
    expect(nextIndex('a', 3, 10, 8)).toBeNull()
    expect(nextIndex('ArrowDown', -1, 0, 8)).toBeNull()
  })
})
