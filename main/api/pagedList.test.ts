import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../shared/apiError'
import { walkPages } from './pagedList'

const page = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ Id: from + i }))
const byId = { keyOf: (item: { Id: number }) => item.Id }

describe('walkPages', () => {
  it('stops at the first short page, including an empty one after a full one', async () => {
    const asked: number[] = []
    const result = await walkPages(
      async (n) => {
        asked.push(n)
        return ok(n <= 2 ? page(n * 10, 10) : [])
      },
      'list',
      { pageSize: 10 }
    )
    expect(asked).toEqual([1, 2, 3])
    expect(result.ok && result.value).toHaveLength(20)
  })

  it('fails the whole list when one page fails, rather than hiding the rest', async () => {
    const result = await walkPages(async (n) => (n === 2 ? fail({ code: 'server', message: 'boom', status: 500 }) : ok(page(n * 10, 10))), 'list', { pageSize: 10 })
    expect(result).toEqual({ ok: false, error: { code: 'server', message: 'boom', status: 500 } })
  })

  it('stops, with each item once, when a server that ignores Page answers the same full page again', async () => {
    let calls = 0
    const result = await walkPages(
      async () => {
        calls += 1
        return ok(page(1, 10))
      },
      'employee list',
      { ...byId, pageSize: 10 }
    )
    expect(calls).toBe(2)
    expect(result.ok && result.value.map((item) => item.Id)).toEqual(page(1, 10).map((item) => item.Id))
  })

  it('gives up after the page bound when the server never sends a short page', async () => {
    let calls = 0
    const result = await walkPages(
      async (n) => {
        calls += 1
        return ok(page(n * 10, 10))
      },
      'list',
      { ...byId, pageSize: 10, maxPages: 5 }
    )
    expect(calls).toBe(5)
    expect(result).toMatchObject({ ok: false, error: { code: 'server', message: expect.stringContaining('did not end after 5 pages') } })
  })
})
