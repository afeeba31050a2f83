import { describe, expect, it } from 'vitest'
import { queueAllMessage } from './draftActions'

describe('queueAllMessage', () => {
  it.each([
    [3, 0, 'Queued 3 drafts.'],
    [1, 0, 'Queued 1 draft.'],
    [3, 2, 'Queued 3 drafts. 2 need fixing first; the first of them is open.'],
    [0, 1, 'No drafts queued. 1 needs fixing first; it is open.'],
    [0, 0, 'There are no drafts to queue.']
  ])('queued %i, %i left with issues: "%s"', (queued, left, message) => {
    expect(queueAllMessage(queued, left)).toBe(message)
  })

  it('says how many possible duplicates it held back', () => {
    expect(queueAllMessage(2, 0, 1)).toBe('Queued 2 drafts. Held back 1 possible duplicate or overlap.')
    expect(queueAllMessage(0, 1, 2)).toBe('No drafts queued. Held back 2 possible duplicates or overlaps. 1 needs fixing first; it is open.')
  })
})
