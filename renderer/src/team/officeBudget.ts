import type { ApiResult } from '../../../shared/apiError'
import type { OfficeShare, OfficeSpend } from '../../../shared/ipc/officeShare'
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
 * An install that starts sending while colleagues already are takes its turn at once; they learn of it
 * at their next heartbeat (HEARTBEAT_MS plus replication), a window in which both may send in one second.
 */
export const HEARTBEAT_MS = 2_000
/**
 * A colleague whose heartbeat is older than this has stopped sending. Generous (15 heartbeats): a
 * colleague wrongly dropped while still sending would share our turns; one kept a little after it
 * stopped only costs pace.
 */
export const SENDING_FRESH_MS = 30_000

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
}

export interface OfficeBudgetKeeper {
  /** One heartbeat; `sending`: this install is sending (or has requests waiting). Null with no team. Never throws. */
  beat(sending: boolean): Promise<OfficeView | null>
}

export function createOfficeBudgetKeeper(deps: OfficeBudgetDeps): OfficeBudgetKeeper {
  /** What was last heard while the team server could be reached, and this install's spend then. */
  let lastHeard: { day: string; othersSpent: number; ownSpent: number } | null = null
  let ownSpent = 0
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
      const turnTakers = colleagues.filter((doc) => reachable ? (doc.sendingAt ?? 0) >= now - SENDING_FRESH_MS : true).map((doc) => doc.installId)
      // Always among the turn takers itself: even idle, it may read something (a reference refresh).
      const installs = [...new Set([...turnTakers, team.me.installId])].sort()
      const of = Math.max(1, installs.length)
      const slot = installs.indexOf(team.me.installId)
      const othersSpentToday = reachable ? othersSpentHeard : safeOthersSpent(lastHeard, day, ownSpent, of, othersSpentHeard)
      const told = await deps.share({ fileId, day, slot, of, othersSpentToday }).catch(() => null)
      if (told?.ok) ownSpent = told.value.day === day ? told.value.spentToday : 0
      if (reachable) lastHeard = { day, othersSpent: othersSpentHeard, ownSpent }
      await writeOwnSpend(team, day, ownSpent, sending ? now : undefined)
      return { slot, of, othersSpentToday, spentToday: ownSpent, safeShare: !reachable }
    }
  }
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
async function writeOwnSpend(team: TeamDatabases, day: string, count: number, sendingAt: number | undefined): Promise<void> {
  const id = spendDocId(team.me.installId, day)
  try {
    const existing = await team.local.get(id).catch(() => null)
    const previous = existing ? teamSpendDocSchema.safeParse(existing) : null
    const heartbeat = sendingAt ?? (previous?.success ? previous.data.sendingAt : undefined)
    const doc: TeamSpendDoc = { _id: id, type: 'spend', installId: team.me.installId, clerkName: team.me.clerkName, day, count, ...(heartbeat === undefined ? {} : { sendingAt: heartbeat }) }
    await team.local.put(existing?._rev ? { ...doc, _rev: existing._rev } : doc)
  } catch {
    // The next heartbeat writes it again; pacing does not depend on this one.
  }
}

/** The heartbeat, every HEARTBEAT_MS until stopped; `sending` says whether this install sends now. */
export function keepOfficeBudget(keeper: OfficeBudgetKeeper, sending: () => boolean, every = HEARTBEAT_MS): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const tick = async () => {
    await keeper.beat(sending())
    if (!stopped) timer = setTimeout(() => void tick(), every)
  }
  void tick()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
