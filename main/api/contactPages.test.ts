import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../shared/apiError'
import type { Contact } from '../../shared/apiSchemas'
import { walkContactPages } from './contactPages'

const page = (from: number, count: number): Contact[] => Array.from({ length: count }, (_, i) => ({ Id: from + i }))

describe('walkContactPages', () => {
  it('stops at the first short page, including an empty one after a full one', async () => {
    const asked: number[] = []
    const result = await walkContactPages(async (n) => {
      asked.push(n)
      return ok(n <= 2 ? page(n * 10, 10) : [])
    }, 10)
    expect(asked).toEqual([1, 2, 3])
    expect(result.ok && result.value).toHaveLength(20)
  })

  it('fails the whole list when one page fails, rather than hiding the rest', async () => {
    const result = await walkContactPages(async (n) => (n === 2 ? fail({ code: 'server', message: 'boom', status: 500 }) : ok(page(n, 10))), 10)
    expect(result).toEqual({ ok: false, error: { code: 'server', message: 'boom', status: 500 } })
  })

  it('gives up after the page bound when the server never sends a short page', async () => {
    let calls = 0
    const result = await walkContactPages(
      async () => {
        calls += 1
        return ok(page(1, 10))
      },
      10,
      5
    )
    expect(calls).toBe(5)
    expect(result).toMatchObject({ ok: false, error: { code: 'server' } })
  })
})
