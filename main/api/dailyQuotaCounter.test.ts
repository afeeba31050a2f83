import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dailyQuotaCounter, officeQuotaLimit, quotaLimitFor, type QuotaCounts, type QuotaStore } from './dailyQuotaCounter'
import { jsonFileQuotaStore } from './jsonFileQuotaStore'

const MARCH_2_NOON = Date.UTC(2026, 2, 2, 12, 0, 0)

function memoryStore(initial: QuotaCounts = {}): QuotaStore & { saved: QuotaCounts } {
  const store = {
    saved: initial,
    load: async () => structuredClone(store.saved),
    save: async (counts: QuotaCounts) => {
      store.saved = structuredClone(counts)
    }
  }
  return store
}

describe('dailyQuotaCounter', () => {
  it('counts per file and refuses, with a clear message, once today’s limit is reached', async () => {
    const counter = dailyQuotaCounter({ limit: 2, store: memoryStore(), now: () => MARCH_2_NOON })
    expect((await counter.take(1001)).ok).toBe(true)
    expect((await counter.take(1001)).ok).toBe(true)
    expect((await counter.take(1002)).ok).toBe(true)
    const refused = await counter.take(1001)
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'quota-exhausted',
        message: "Today's limit of 2 requests for this file is reached; sending resumes tomorrow.",
        retryAfterMs: 12 * 3600_000
      }
    })
    expect(await counter.used(1001)).toBe(2)
  })

  it('never lets concurrent callers past the limit', async () => {
    const counter = dailyQuotaCounter({ limit: 3, store: memoryStore(), now: () => MARCH_2_NOON })
    const results = await Promise.all(Array.from({ length: 10 }, () => counter.take(1001)))
    expect(results.filter((r) => r.ok)).toHaveLength(3)
  })

  it('remembers today’s count in a new counter on the same store, and starts again the next UTC day', async () => {
    const store = memoryStore()
    let now = MARCH_2_NOON
    await dailyQuotaCounter({ limit: 1, store, now: () => now }).take(1001)
    const afterRestart = dailyQuotaCounter({ limit: 1, store, now: () => now })
    expect((await afterRestart.take(1001)).ok).toBe(false)
    now = Date.UTC(2026, 2, 3, 0, 0, 0)
    expect((await afterRestart.take(1001)).ok).toBe(true)
  })

  it('gives back a request that never left, but not one from an earlier day', async () => {
    const store = memoryStore()
    let now = MARCH_2_NOON
    const counter = dailyQuotaCounter({ limit: 5, store, now: () => now })
    const taken = await counter.take(1001)
    await counter.take(1001)
    if (!taken.ok) throw new Error('expected a slot')
    await counter.giveBack(1001, taken.value.day)
    expect(await counter.used(1001)).toBe(1)
    now = Date.UTC(2026, 2, 3, 1, 0, 0)
    await counter.take(1001)
    await counter.giveBack(1001, taken.value.day)
    expect(await counter.used(1001)).toBe(1)
  })

  it('keeps counting when the store cannot be read or written', async () => {
    const broken: QuotaStore = {
      load: () => Promise.reject(new Error('disk gone')),
      save: () => Promise.reject(new Error('disk full'))
    }
    const counter = dailyQuotaCounter({ limit: 1, store: broken, now: () => MARCH_2_NOON })
    expect((await counter.take(1001)).ok).toBe(true)
    expect((await counter.take(1001)).ok).toBe(false)
  })

  it('sets our limit a safe share below the plan’s quota', () => {
    expect(quotaLimitFor(3000)).toBe(2850)
    expect(quotaLimitFor(20_000, 0.9)).toBe(18_000)
  })

  it('uses the office’s quota for a file when its team shares one, never above a quota the organisation locked here', () => {
    expect(officeQuotaLimit({ dailyQuota: 3000, locked: false }, undefined)).toBe(2850)
    expect(officeQuotaLimit({ dailyQuota: 3000, locked: false }, 20_000)).toBe(19_000)
    expect(officeQuotaLimit({ dailyQuota: 5000, locked: false }, 3000)).toBe(2850)
    expect(officeQuotaLimit({ dailyQuota: 3000, locked: true }, 20_000)).toBe(2850)
    expect(officeQuotaLimit({ dailyQuota: 20_000, locked: true }, 3000)).toBe(2850)
  })
})

describe('jsonFileQuotaStore', () => {
  let dir = ''
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'leave-desk-quota-'))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('persists today’s counts across counter instances, in a file that only holds today', async () => {
    const path = join(dir, 'nested', 'quota.json')
    let now = Date.UTC(2026, 2, 1, 23, 0, 0)
    await dailyQuotaCounter({ limit: 10, store: jsonFileQuotaStore(path), now: () => now }).take(1002)
    now = MARCH_2_NOON
    const counter = dailyQuotaCounter({ limit: 10, store: jsonFileQuotaStore(path), now: () => now })
    await counter.take(1001)
    await counter.take(1001)
    const reopened = dailyQuotaCounter({ limit: 10, store: jsonFileQuotaStore(path), now: () => now })
    expect(await reopened.used(1001)).toBe(2)
    expect(await reopened.used(1002)).toBe(0)
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual({ '1001': { day: '2026-03-02', count: 2 } })
  })

  it('reads a missing or corrupt file as nothing counted yet', async () => {
    const path = join(dir, 'quota.json')
    expect(await jsonFileQuotaStore(path).load()).toEqual({})
    await writeFile(path, '{"1001": {"day": "yesterday", "count": -1}')
    expect(await jsonFileQuotaStore(path).load()).toEqual({})
    await writeFile(path, '{"1001": {"day": "2026-03-02", "count": "many"}}')
    expect(await jsonFileQuotaStore(path).load()).toEqual({})
  })
})

describe('the daily quota shared by an office (team ledger)', () => {
  it('counts what colleagues spent today first: the office stops at the file’s limit, not each install', async () => {
    const now = Date.UTC(2026, 2, 2, 9)
    let counts = {}
    const counter = dailyQuotaCounter({
      limit: 10,
      store: { load: async () => counts, save: async (next) => void (counts = next) },
      now: () => now,
      othersUsed: (fileId, day) => (fileId === 1001 && day === '2026-03-02' ? 7 : 0)
    })
    const taken = [await counter.take(1001), await counter.take(1001), await counter.take(1001), await counter.take(1001)]
    expect(taken.map((result) => result.ok)).toEqual([true, true, true, false])
    expect(taken[3]).toMatchObject({ ok: false, error: { code: 'quota-exhausted' } })
    // Another file's budget is its own.
    expect(await counter.take(1002)).toMatchObject({ ok: true })
  })
})
