import { describe, expect, it } from 'vitest'
import { chooseFileToOpen } from './chooseFileToOpen'

describe('chooseFileToOpen', () => {
  it('reopens the remembered file when the session still has it', () => {
    expect(chooseFileToOpen([1001, 1002], 1002)).toBe(1002)
  })
  it('opens the only file there is', () => {
    expect(chooseFileToOpen([1002], 1001)).toBe(1002)
  })
  it('asks when there are several files and none remembered (or the remembered one is gone)', () => {
    expect(chooseFileToOpen([1001, 1002], null)).toBeNull()
    expect(chooseFileToOpen([1001, 1002], 1003)).toBeNull()
    expect(chooseFileToOpen([], null)).toBeNull()
  })
})
