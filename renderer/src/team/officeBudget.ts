import type { ApiResult } from '../../../shared/apiError'
import { OTHERS_SPENT_MAX, type OfficeShare, type OfficeSpend } from '../../../shared/ipc/officeShare'
import { SPEND_ID_PREFIX, spendDocId, teamSpendDocSchema, type TeamSpendDoc } from '../../../shared/team/teamSpendDoc'
import type { TeamDatabases, TeamDb } from './teamDatabases'

/**
 * The office's one rate budget for a payroll file (issue 29), kept by each install's page: every
 * heartbeat it reads colleagues' spend documents from the replica, tells main its turn among the
 * installs sending now and what colleagues spent today (main paces and counts by it:
 * main/api/officeBudget.ts), and writes its own spend (main's count) with a "sending now" heartbeat.
 *
 * While the team server cannot be reached the replica's picture ages, so the share is the SAFE one:
 * - turns: among every install that spent on the file today, as if all were sending (a colleague who
 *   went quiet only costs pace; one who started unseen could otherwise share a second with us);
 * - daily quota: colleagues are assumed to spend, each, what this install spends while out of touch, on
 *   top of what they had spent when last heard of; the office stops early rather than get the file
 *   blocked for 24 hours.
 *
 * Turns change at the same instant on every install: one that starts sending announces it (`sendingSince`
 * in its spend document) and takes turns, like every colleague counts it, JOIN_SETTLE_MS later, time for
 * the document to replicate and each colleague's heartbeat to tell its main. One with nothing left to send
 * says since when (`stoppedAt`: main's last answer) and lends its turns to the next install that sends
 * (main/api/officeSlots.ts) until it leaves everyone's turns, two settling times later; coming back within
 * the first, it keeps its place and sends again a settling time after saying so, when its heir has heard.
 * Main holds a request of an install that has not announced itself and says so (`wantsToSend`), and the
 * page announces it at once.
 */
export const HEARTBEAT_MS = 2_000
/** From an announcement to the turns it changes: replication both ways and a colleague's heartbeat, with room. */
export const JOIN_SETTLE_MS = 3 * HEARTBEAT_MS
/**
 * A colleague whose heartbeat is older than this has stopped sending. Generous (15 heartbeats): a
 * colleague wrongly dropped while still sending would share our turns; one kept a little after it
 * stopped only costs pace.
 */
export const SENDING_FRESH_MS = 30_000
/** A colleague that left the turns is still told to main this long: longer than any turn (officeSlots.ts). */
const LEFT_TURNS_KEPT_MS = 60_000

export interface OfficeView {
  slot: number
  of: number
  othersSpentToday: number
  spentToday: number
  /** The team server could not be reached: the safe share above. */
  safeShare: boolean
}

export interface OfficeBudgetDeps {
  team: () => TeamDatabases | null
  /** The payroll file the team database is for. */
  fileId: () => number | null
  /** `window.leaveDesk.shareOfficeBudget`. */
  share: (share: OfficeShare) => Promise<ApiResult<OfficeSpend>>
  now: () => number
  /** Whether the replica heard from the team server lately (the ledger's replication status). */
  teamReachable: () => boolean
  /** The office's daily quota for the file (Settings → Team, officeSettings.ts), told to main with the share. */
  dailyQuota?: (fileId: number) => number | undefined
}

export interface OfficeBudgetKeeper {
  /** One heartbeat; `sending`: this install is sending (or has requests waiting). Null with no team. Never throws. */
  beat(sending: boolean): Promise<OfficeView | null>
}

export function createOfficeBudgetKeeper(deps: OfficeBudgetDeps): OfficeBudgetKeeper {
  /** What was last heard while the team server could be reached, and this install's spend then. */
  let lastHeard: { day: string; othersSpent: number; ownSpent: number } | null = null
  let ownSpent = 0
  /**
   * This install's current stretch of sending: since when, its last heartbeat, when it last said it had
   * nothing left (lending its turns), and when it came back since.
   */
  let stretch: { since: number; lastBeat: number; stoppedAt?: number; resumedAt?: number } | null = null
  /** Until when colleagues may still use this install's turns (it said it had nothing left: lending them). */
  let lentUntil = Number.NEGATIVE_INFINITY
  return {
    async beat(sending) {
      const team = deps.team()
      const fileId = deps.fileId()
      if (!team || fileId === null) return null
      const now = deps.now()
      const day = new Date(now).toISOString().slice(0, 10)
      const colleagues = (await spendDocsOf(team.local, day)).filter((doc) => doc.installId !== team.me.installId)
      const reachable = deps.teamReachable()
      const othersSpentHeard = colleagues.reduce((sum, doc) => sum + doc.count, 0)
      // Reachable: colleagues still in the turns (a heartbeat fresh, not stopped two settling times ago). Out of reach: all.
      const inTurnsAt = (at: number) => colleagues.filter((doc) => !reachable || (colleagueTurns(doc, true).until ?? 0) > at)
      // Main is told of those that left lately too: it applies each one's `until` at the start of a turn
      // (officeSlots.ts), which may have begun before `now`; dropped here, it would change turns mid-turn.
      const takers = inTurnsAt(now - LEFT_TURNS_KEPT_MS)
      // Always among the turn takers itself: even idle, it may read something (a reference refresh).
      const installs = [...new Set([...inTurnsAt(now).map((doc) => doc.installId), team.me.installId])].sort()
      const of = Math.max(1, installs.length)
      const slot = installs.indexOf(team.me.installId)
      // Capped where main's share ends: past any quota either way, and a share main refuses would leave it pacing alone.
      const othersSpentToday = Math.min(OTHERS_SPENT_MAX, reachable ? othersSpentHeard : safeOthersSpent(lastHeard, day, ownSpent, of, othersSpentHeard))
      // Back too late to keep its place but still in colleagues' turns: not announced yet (main holds).
      // Out of reach while colleagues may still use its turns: its heir cannot hear it come back, so it waits them out.
      const mayAnnounce = !rejoinWaits(stretch, now) && (reachable || now >= lentUntil)
      const tell = (announced: boolean) => {
        if (announced) stretch = stretchGoingOn(stretch, now)
        const mine = { installId: team.me.installId, from: !reachable ? (mayAnnounce ? 0 : null) : announced && stretch ? ownTurnsFrom(stretch) : null, until: null }
        const turnTakers = [...takers.map((doc) => colleagueTurns(doc, reachable)), mine]
          .sort((a, b) => (a.installId < b.installId ? -1 : a.installId > b.installId ? 1 : 0))
          .map((taker) => ({ me: taker === mine, from: taker.from, until: taker.until, ...('lendsSince' in taker && taker.lendsSince !== undefined ? { lendsSince: taker.lendsSince } : {}) }))
        const dailyQuota = deps.dailyQuota?.(fileId)
        return deps.share({ fileId, day, turnTakers, othersSpentToday, ...(dailyQuota === undefined ? {} : { dailyQuota }) }).catch(() => null)
      }
      let announced = sending && mayAnnounce
      let told = await tell(announced)
      // Main holds a request until this install has announced itself: announce it now, not a heartbeat later.
      if (!announced && mayAnnounce && told?.ok && told.value.wantsToSend) {
        announced = true
        told = await tell(true)
      }
      if (told?.ok) ownSpent = told.value.day === day ? told.value.spentToday : 0
      if (reachable) lastHeard = { day, othersSpent: othersSpentHeard, ownSpent }
      // Nothing left to send and nothing on its way (main, told so, holds any new request now): say since
      // when, and colleagues use this install's turns until it leaves them or comes back. Main not told
      // (the call failed): it may still send in them, so not yet.
      const quietSince = told?.ok ? told.value.quietSince : null
      if (!announced && stretch && stretch.stoppedAt === undefined && quietSince !== null) {
        // Never before its last answer (which may have come during this heartbeat), nor before the stretch began.
        stretch.stoppedAt = Math.max(stretch.since, stretch.resumedAt ?? 0, quietSince ?? deps.now())
        lentUntil = stretch.stoppedAt + 2 * JOIN_SETTLE_MS
      }
      const lending = !announced && stretch?.stoppedAt !== undefined
      await writeOwnSpend(team, day, ownSpent, announced && stretch ? { at: now, since: stretch.since } : undefined, lending ? stretch?.stoppedAt : undefined)
      return { slot, of, othersSpentToday, spentToday: ownSpent, safeShare: !reachable }
    }
  }
}

/**
 * This install's stretch of sending at `now`, announced: the same one while its heartbeat is fresh. One
 * that said it had nothing left comes back in its place within a settling time of saying so (everyone
 * hears of the comeback before its place is given up), else it starts a new stretch, a join like any other.
 */
function stretchGoingOn(stretch: { since: number; lastBeat: number; stoppedAt?: number; resumedAt?: number } | null, now: number) {
  if (!stretch || stretch.lastBeat < now - SENDING_FRESH_MS) return { since: now, lastBeat: now }
  if (stretch.stoppedAt === undefined) return { ...stretch, lastBeat: now }
  if (now < stretch.stoppedAt + JOIN_SETTLE_MS) return { since: stretch.since, lastBeat: now, resumedAt: now }
  return { since: now, lastBeat: now }
}

/**
 * Whether a comeback must wait: past the first settling time after it stopped (too late to keep its place)
 * but before it leaves colleagues' turns (two settling times). A new stretch said now would drop it from
 * the turns of each colleague the moment that one hears, not at one moment for all: colleagues hearing
 * at different times would count different turns as theirs. Said once it has left them, it changes
 * nobody's turns before its own `from`, like any join.
 */
function rejoinWaits(stretch: { stoppedAt?: number } | null, now: number): boolean {
  const stoppedAt = stretch?.stoppedAt
  return stoppedAt !== undefined && now >= stoppedAt + JOIN_SETTLE_MS && now < stoppedAt + 2 * JOIN_SETTLE_MS
}

/** When main may send in this install's turns: a settling time after it joined, or after it came back (its heir has heard). */
function ownTurnsFrom(stretch: { since: number; resumedAt?: number }): number {
  return Math.max(stretch.since, stretch.resumedAt ?? 0) + JOIN_SETTLE_MS
}

/**
 * A colleague's turns as every install computes them: from its announcement plus settling, until its
 * heartbeat is stale or two settling times after it said it had nothing left; lending them meanwhile.
 */
function colleagueTurns(doc: TeamSpendDoc, reachable: boolean): { installId: string; from: number | null; until: number | null; lendsSince?: number } {
  // Out of reach: as if sending all along (the safe share). A document from before announcements: already in.
  if (!reachable) return { installId: doc.installId, from: 0, until: null }
  const stopped = doc.stoppedAt !== undefined && doc.stoppedAt >= (doc.sendingSince ?? 0)
  const until = stopped ? (doc.stoppedAt as number) + 2 * JOIN_SETTLE_MS : (doc.sendingAt ?? 0) + SENDING_FRESH_MS
  const from = doc.sendingSince === undefined ? 0 : doc.sendingSince + JOIN_SETTLE_MS
  return { installId: doc.installId, from, until, ...(stopped ? { lendsSince: doc.stoppedAt as number } : {}) }
}

/** Out of touch: colleagues spend, each, what this install spent since; never less than the replica shows. */
function safeOthersSpent(lastHeard: { day: string; othersSpent: number; ownSpent: number } | null, day: string, ownSpent: number, of: number, heard: number): number {
  const base = lastHeard?.day === day ? lastHeard : { othersSpent: heard, ownSpent: 0 }
  const sinceHeard = Math.max(0, ownSpent - base.ownSpent)
  return Math.max(heard, base.othersSpent + sinceHeard * Math.max(1, of - 1))
}

/** Today's spend documents in the replica; a bad one is left out (the ledger's validation sets it aside). */
async function spendDocsOf(local: TeamDb, day: string): Promise<TeamSpendDoc[]> {
  try {
    const { rows } = await local.allDocs({ include_docs: true, startkey: SPEND_ID_PREFIX, endkey: `${SPEND_ID_PREFIX}\ufff0` })
    return rows.flatMap((row) => {
      const parsed = teamSpendDocSchema.safeParse(row.doc)
      return parsed.success && parsed.data.day === day ? [parsed.data] : []
    })
  } catch {
    return []
  }
}

/** This install's own document only: no colleague ever writes it, so it never conflicts. */
async function writeOwnSpend(team: TeamDatabases, day: string, count: number, sending: { at: number; since: number } | undefined, stoppedAt?: number): Promise<void> {
  const id = spendDocId(team.me.installId, day)
  try {
    const existing = await team.local.get(id).catch(() => null)
    const previous = existing ? teamSpendDocSchema.safeParse(existing) : null
    const kept = previous?.success ? previous.data : undefined
    const heartbeat = sending ? { sendingAt: sending.at, sendingSince: sending.since } : { sendingAt: kept?.sendingAt, sendingSince: kept?.sendingSince }
    const doc: TeamSpendDoc = {
      _id: id,
      type: 'spend',
      installId: team.me.installId,
      clerkName: team.me.clerkName,
      day,
      count,
      ...(heartbeat.sendingAt === undefined ? {} : { sendingAt: heartbeat.sendingAt }),
      ...(heartbeat.sendingSince === undefined ? {} : { sendingSince: heartbeat.sendingSince }),
      ...(sending ? {} : (stoppedAt ?? kept?.stoppedAt) === undefined ? {} : { stoppedAt: stoppedAt ?? kept?.stoppedAt })
    }
    await team.local.put(existing?._rev ? { ...doc, _rev: existing._rev } : doc)
  } catch {
    // The next heartbeat writes it again; pacing does not depend on this one.
  }
}

/** Between heartbeats, how often to look whether this install has just run out of things to send. */
export const DONE_LOOK_MS = 250

/**
 * The heartbeat, every HEARTBEAT_MS until stopped; `sending` says whether this install sends now. A
 * heartbeat goes at once rather than up to HEARTBEAT_MS later when this install starts sending
 * (`startedSending`: the sync runner began a batch, and main holds its first request until the install has
 * announced itself) and the moment it has nothing left (colleagues can use its turns the sooner,
 * main/api/officeSlots.ts). One heartbeat at a time.
 */
export function keepOfficeBudget(
  keeper: OfficeBudgetKeeper,
  sending: () => boolean,
  every = HEARTBEAT_MS,
  startedSending?: (listener: () => void) => () => void
): () => void {
  let stopped = false
  let beating = false
  let beatAgain = false
  let toldSending = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const tick = async () => {
    if (stopped) return
    if (beating) {
      // Started sending during a heartbeat that may have read "not sending": one more right after it.
      beatAgain = true
      return
    }
    beating = true
    clearTimeout(timer)
    try {
      do {
        beatAgain = false
        toldSending = sending()
        await keeper.beat(toldSending)
      } while (beatAgain && !stopped)
    } finally {
      beating = false
    }
    if (!stopped) timer = setTimeout(() => void tick(), every)
  }
  const unsubscribe = startedSending?.(() => void tick())
  const look = setInterval(() => {
    if (!stopped && !beating && toldSending && !sending()) void tick()
  }, DONE_LOOK_MS)
  void tick()
  return () => {
    stopped = true
    clearTimeout(timer)
    clearInterval(look)
    unsubscribe?.()
  }
}
