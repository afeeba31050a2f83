import { describe, expect, it } from 'vitest'
import { createOfficeBudget, shareOfficeBudget } from './officeBudget'
import { CLOCK_SKEW_MS, lastReleaseInTurnMs, officeSlotAt, TURN_REQUESTS, turnLengthMs, waitForOwnTurn } from './officeSlots'
import { requestRateLimiter } from './requestRateLimiter'

const LENGTH = turnLengthMs(1, 5)

/** A clock that only moves when someone sleeps on it, by exactly as long as asked (or `late` more). */
function fakeTime(start: number, late = 0) {
  let now = start
  return { now: () => now, sleep: async (ms: number) => void (now += ms + late) }
}

describe('the office’s turns (officeSlots)', () => {
  it('three installs sending at once never release within a second of each other, and together keep near 1/s', async () => {
    const releases: number[] = []
    for (let slot = 0; slot < 3; slot += 1) {
      const time = fakeTime(12_345 + slot * 7)
      const limiter = requestRateLimiter({ perSecond: 1, officeSlot: () => ({ slot, of: 3 }), ...time })
      for (let request = 0; request < 3 * TURN_REQUESTS; request += 1) {
        const turn = await limiter.acquire()
        releases.push(time.now())
        turn?.answered()
      }
    }
    const sorted = releases.sort((a, b) => a - b)
    const gaps = sorted.slice(1).map((at, index) => at - (sorted[index] as number))
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1005)
    // Between two installs' turns, a second and the clocks' skew at least.
    expect(gaps.filter((gap) => gap > 1005).length).toBeGreaterThanOrEqual(8)
    expect(Math.min(...gaps.filter((gap) => gap > 1005))).toBeGreaterThanOrEqual(1000 + CLOCK_SKEW_MS)
    // 90 requests: the office's pace over the turns, from the first release to the last.
    expect((sorted.length - 1) / ((sorted.at(-1)! - sorted[0]!) / 1000)).toBeGreaterThan(0.96)
  })

  it('a request too late in its turn to reach payroll a second before the next install’s turn waits for a turn of its own', () => {
    const mine = { slot: 1, of: 3 }
    const latest = lastReleaseInTurnMs(1, 5, 40)
    expect(LENGTH - latest).toBe(1000 + CLOCK_SKEW_MS + 40)
    expect(waitForOwnTurn(LENGTH, mine, 1, 5, 40)).toBe(0)
    expect(waitForOwnTurn(LENGTH + latest, mine, 1, 5, 40)).toBe(0)
    expect(waitForOwnTurn(LENGTH + latest + 1, mine, 1, 5, 40)).toBe(Math.ceil(4 * LENGTH - (LENGTH + latest + 1)))
    // The same moment is too late for a slower path: its request could reach payroll in the next turn.
    expect(waitForOwnTurn(LENGTH + latest, mine, 1, 5, 41)).toBeGreaterThan(0)
    expect(waitForOwnTurn(0, mine, 1, 5, 40)).toBe(Math.ceil(LENGTH))
  })

  it('requests that take long to reach payroll end the turn early: the last one arrives a second before the next install may send', async () => {
    // Each request reaches payroll 300 ms after it leaves and is answered 20 ms later, on a clock whose timers fire 25 ms late.
    const time = fakeTime(0, 25)
    const limiter = requestRateLimiter({ perSecond: 1, officeSlot: () => ({ slot: 0, of: 2 }), ...time })
    const arrivals: number[] = []
    for (let request = 0; request < 3 * TURN_REQUESTS; request += 1) {
      const turn = await limiter.acquire()
      arrivals.push(time.now() + 300)
      await time.sleep(320 - 25)
      turn?.answered()
    }
    // The other install's turns begin at odd multiples of the turn's length; its first request cannot arrive before.
    const otherTurnStarts = [1, 3, 5, 7].map((index) => index * LENGTH)
    for (const start of otherTurnStarts) {
      const before = arrivals.filter((at) => at < start)
      expect(before.length === 0 || start - before.at(-1)! >= 1000 + CLOCK_SKEW_MS).toBe(true)
      expect(arrivals.some((at) => at >= start && at < start + LENGTH)).toBe(false)
    }
  })

  it('the first request’s way to payroll is not known yet: the second waits a second past the first’s answer', async () => {
    const time = fakeTime(0)
    const limiter = requestRateLimiter({ perSecond: 1, ...time })
    const first = await limiter.acquire()
    // Held up 400 ms somewhere (a cold connection on a busy machine): it may have reached payroll just before its answer.
    await time.sleep(400)
    first?.answered()
    await limiter.acquire()
    expect(time.now()).toBeGreaterThanOrEqual(1400)
  })

  it('alone (or told nothing), the limiter paces as before: no slot to wait for', async () => {
    const office = createOfficeBudget()
    expect(office.slot(12_345, LENGTH, 1001)).toBeNull()
    office.update({ fileId: 1001, day: '2026-03-02', turnTakers: [{ me: true, from: 0, until: null }], othersSpentToday: 12 })
    expect(office.slot(12_345, LENGTH, 1001)).toBeNull()
    const time = fakeTime(12_345)
    const limiter = requestRateLimiter({ perSecond: 1, officeSlot: office.slot, ...time })
    await limiter.acquire()
    expect(time.now()).toBe(12_345)
  })

  it('colleagues’ spend counts only for the file and day it was told for', () => {
    const office = createOfficeBudget()
    office.update({ fileId: 1001, day: '2026-03-02', turnTakers: [{ me: false, from: 0, until: null }, { me: true, from: 0, until: null }], othersSpentToday: 12 })
    expect(office.othersUsed(1001, '2026-03-02')).toBe(12)
    expect(office.othersUsed(1002, '2026-03-02')).toBe(0)
    expect(office.othersUsed(1001, '2026-03-03')).toBe(0)
    expect(office.slot(12_345, LENGTH, 1001)).toEqual({ slot: 1, of: 2 })
  })

  it('main tells its page since when it has been quiet: every limiter’s last answer (a rebuilt client’s predecessor too), none while a request is on its way', async () => {
    const office = createOfficeBudget()
    const share = { fileId: 1001, day: '2026-03-02', turnTakers: [{ me: true, from: 0, until: null }], othersSpentToday: 0 }
    const time = fakeTime(5_000)
    const quietSince = async () => (await shareOfficeBudget(office, undefined, share, time.now)).quietSince
    expect(await quietSince()).toBe(0)
    const previous = requestRateLimiter({ perSecond: 1, officeSlot: office.slot, onBusy: office.busy, ...time })
    const stillGoing = await previous.acquire()
    expect(await quietSince()).toBeNull()
    // The client is rebuilt (settings changed) while that request is on its way; the new one sends and is answered.
    const rebuilt = requestRateLimiter({ perSecond: 1, officeSlot: office.slot, onBusy: office.busy, ...time })
    ;(await rebuilt.acquire())?.answered()
    expect(await quietSince()).toBeNull()
    await time.sleep(700)
    stillGoing?.answered()
    expect(await quietSince()).toBe(5_700)
  })

  it('an install joining or leaving changes every install’s turns at the same turn’s start, never mid-turn', () => {
    // C announced itself at 3.2 turns in: it takes turns from the first turn to begin after its `from`.
    const c = { from: Math.round(3.2 * LENGTH), until: null }
    const viewOf = (me: 0 | 1 | 2, at: number) => officeSlotAt([{ me: me === 0, from: 0, until: null }, { me: me === 1, from: 0, until: null }, { me: me === 2, ...c }], at, LENGTH)
    expect(viewOf(0, 3.5 * LENGTH)).toEqual({ slot: 0, of: 2 })
    expect(viewOf(1, 3.9 * LENGTH)).toEqual({ slot: 1, of: 2 })
    expect(viewOf(2, 3.5 * LENGTH)).toMatchObject({ notBefore: 4 * LENGTH })
    expect([viewOf(0, 4 * LENGTH), viewOf(1, 4.1 * LENGTH), viewOf(2, 4.9 * LENGTH)]).toEqual([{ slot: 0, of: 3 }, { slot: 1, of: 3 }, { slot: 2, of: 3 }])
    // B stopped: out of everyone's turns from the first turn to begin after its `until`.
    const leaving = (me: 0 | 1, at: number) => officeSlotAt([{ me: me === 0, from: 0, until: null }, { me: me === 1, from: 0, until: me === 1 ? null : Math.round(6.5 * LENGTH) }], at, LENGTH)
    expect(leaving(0, 6.9 * LENGTH)).toEqual({ slot: 0, of: 2 })
    // Alone from turn 7 on: no hand-over to keep clear of.
    expect(leaving(0, 7 * LENGTH)).toBeNull()
  })

  it('an install joining an office where nobody else takes turns sends once colleagues have heard, not at the next turn’s start', () => {
    const from = Math.round(3.2 * LENGTH)
    const quiet = { me: false, from: 0, until: Math.round(2.5 * LENGTH) }
    expect(officeSlotAt([quiet, { me: true, from, until: null }], 3.1 * LENGTH, LENGTH)).toEqual({ slot: 0, of: 1, notBefore: from })
    expect(officeSlotAt([quiet, { me: true, from, until: null }], from, LENGTH)).toBeNull()
    // A colleague who does take turns: the join waits for a turn to begin, when both change turns.
    const sending = { me: false, from: 0, until: null }
    expect(officeSlotAt([sending, { me: true, from, until: null }], 3.1 * LENGTH, LENGTH)).toEqual({ slot: 0, of: 1, notBefore: 4 * LENGTH })
    expect(officeSlotAt([sending, { me: true, from, until: null }], from, LENGTH)).toEqual({ slot: 0, of: 1, notBefore: 4 * LENGTH })
  })

  it('an install that has not announced itself holds its requests and says it wants to send', async () => {
    const office = createOfficeBudget()
    office.update({ fileId: 1001, day: '2026-03-02', turnTakers: [{ me: false, from: 0, until: null }, { me: true, from: null, until: null }], othersSpentToday: 0 })
    const time = fakeTime(10 * LENGTH)
    const limiter = requestRateLimiter({ perSecond: 1, officeSlot: office.slot, ...time })
    let released = false
    const acquired = limiter.acquire(undefined, 1001).then(() => (released = true))
    // Let the limiter look a few times: it keeps holding while this install is unannounced.
    for (let tick = 0; tick < 20 && time.now() < 10 * LENGTH + 2_000; tick += 1) await Promise.resolve()
    expect(released).toBe(false)
    expect(office.wantsToSend(time.now(), 1001)).toBe(true)
    // The page announces it: it takes turns from the next turn to begin after its settling time.
    office.update({ fileId: 1001, day: '2026-03-02', turnTakers: [{ me: false, from: 0, until: null }, { me: true, from: time.now() + 6_000, until: null }], othersSpentToday: 0 })
    await acquired
    expect(time.now()).toBeGreaterThanOrEqual(11 * LENGTH)
    expect(officeSlotAt([{ me: false, from: 0, until: null }, { me: true, from: 0, until: null }], time.now(), LENGTH)).toEqual({ slot: 1, of: 2 })
  })

  it('a colleague with nothing left lends its turns to the next install that sends: a second after its last answer, and to no one else', () => {
    // B (slot 1 of 3) had its last answer 0.4 turns into turn 4, one of its own (4 ≡ 1 mod 3).
    const since = Math.round(4.4 * LENGTH)
    const lending = [{ slot: 1, since }]
    const c = { slot: 2, of: 3, lending }
    const a = { slot: 0, of: 3, lending }
    // C, B's heir, uses the rest of that turn from a second (and the clocks' skew) after B's last answer.
    expect(waitForOwnTurn(Math.round(4.1 * LENGTH), c, 1, 5, 40)).toBe(since + 1000 + CLOCK_SKEW_MS - Math.round(4.1 * LENGTH))
    expect(waitForOwnTurn(since + 1000 + CLOCK_SKEW_MS, c, 1, 5, 40)).toBe(0)
    // ...up to the hand-over, as in a turn of its own, and B's next turn (7) from its start.
    expect(waitForOwnTurn(5 * LENGTH - 1, c, 1, 5, 40)).toBe(1)
    expect(waitForOwnTurn(7 * LENGTH, c, 1, 5, 40)).toBe(0)
    // A is not B's heir: in B's turns it waits for a turn of its own (6).
    expect(waitForOwnTurn(Math.round(4.5 * LENGTH), a, 1, 5, 40)).toBe(6 * LENGTH - Math.round(4.5 * LENGTH))
    expect(waitForOwnTurn(7 * LENGTH, a, 1, 5, 40)).toBe(9 * LENGTH - 7 * LENGTH)
    // Both B and C lend: A, the first after them that sends, has every turn.
    const alone = { slot: 0, of: 3, lending: [{ slot: 1, since }, { slot: 2, since }] }
    expect([7, 8, 9].map((turn) => waitForOwnTurn(turn * LENGTH, alone, 1, 5, 40))).toEqual([0, 0, 0])
  })

  it('turns lent and used: the lender, its heir and the third install never release within a second of each other at payroll', async () => {
    // B sends 25 requests and then has nothing left; C and A go on. C hears of it 3 s later (a heartbeat and replication).
    const stops: { lastAnswer: number | null } = { lastAnswer: null }
    const heardAfterMs = 3_000
    const releases: Array<{ install: string; at: number }> = []
    const run = async (install: 'A' | 'B' | 'C', slot: number, requests: number) => {
      const time = fakeTime(7 * LENGTH + slot * 3, 12)
      const officeSlot = (now: number) => {
        const lent = install !== 'B' && stops.lastAnswer !== null && now >= stops.lastAnswer + heardAfterMs
        return { slot, of: 3, ...(lent ? { lending: [{ slot: 1, since: stops.lastAnswer as number }] } : {}) }
      }
      const limiter = requestRateLimiter({ perSecond: 1, officeSlot, ...time })
      for (let request = 0; request < requests; request += 1) {
        const turn = await limiter.acquire()
        releases.push({ install, at: time.now() })
        // Each request reaches payroll at once here and is answered 30 ms later.
        await time.sleep(30 - 12)
        turn?.answered()
      }
      if (install === 'B') stops.lastAnswer = time.now()
    }
    await run('B', 1, 25)
    await run('A', 0, 60)
    await run('C', 2, 60)
    const sorted = releases.sort((x, y) => x.at - y.at)
    const gaps = sorted.slice(1).map((release, index) => ({ gap: release.at - (sorted[index] as { at: number }).at, from: (sorted[index] as { install: string }).install, to: release.install }))
    expect(Math.min(...gaps.map((gap) => gap.gap))).toBeGreaterThanOrEqual(1005)
    // Between two installs, a second and the clocks' skew at least (each request arrives at once here).
    expect(Math.min(...gaps.filter((gap) => gap.from !== gap.to).map((gap) => gap.gap))).toBeGreaterThanOrEqual(1000 + CLOCK_SKEW_MS)
    // C sent in B's turns once it had heard B had nothing left (B's turns are ≡ 1 mod 3).
    const lentTurnsUsed = sorted.filter((release) => release.install === 'C' && Math.floor(release.at / LENGTH) % 3 === 1)
    expect(lentTurnsUsed.length).toBeGreaterThanOrEqual(TURN_REQUESTS)
    expect(Math.min(...lentTurnsUsed.map((release) => release.at))).toBeGreaterThanOrEqual((stops.lastAnswer as number) + heardAfterMs)
  })
})
