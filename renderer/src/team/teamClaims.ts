import { claimDocFor, claimDocId, isOwnClaim, sameLeaveOfBody, teamClaimDocSchema, type TeamClaimDoc } from '../../../shared/team/teamClaimDoc'
import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'
import type { TeamDatabases, TeamDb, TeamDoc } from './teamDatabases'

/**
 * The claim taken on the team server before an insert leaves (shared/team/teamClaimDoc.ts), and the
 * payroll number written on it once payroll accepted the insert.
 *
 * - go: claimed on the server (or this draft's own earlier claim found there: a retry);
 * - go-unshared: the team server could not be reached (or refused us); the claim is written to this
 *   computer's replica, which replication pushes later, and sending goes on as it would with no team;
 * - colleague: someone else claimed the same leave first: the request must not leave by itself.
 * With no team configured (`team()` null) every answer is `go`, and nothing else happens.
 */
export type TeamClaimAnswer =
  | { kind: 'go' }
  | { kind: 'go-unshared' }
  | { kind: 'colleague'; clerkName: string; claimedAt: number; installId: string }

export interface TeamClaims {
  /** Before an insert of `draftId` with `body` goes to main. Never throws. */
  before(draftId: string, body: LeaveRequestInsert): Promise<TeamClaimAnswer>
  /** Payroll accepted it as `serverId`: colleagues who find a collision later can name this number. Never throws. */
  accepted(draftId: string, body: LeaveRequestInsert, serverId: number): Promise<void>
}

export interface TeamClaimsDeps {
  /** The team databases of the payroll in use; null when no team server is configured. */
  team: () => TeamDatabases | null
  now: () => number
  /** The longest the claim may hold a request back when the server is slow; then it goes unshared. */
  timeoutMs?: number
  /** Told whenever a claim could not be shared (and when sharing works again), for the screen. */
  onShared?: (shared: boolean) => void
}

/** A claim that takes longer than this is treated as unreachable: sending must not hang on the team server. */
export const TEAM_CLAIM_TIMEOUT_MS = 5_000

/** How long claims skip a team server that did not answer before asking it again. */
export const SERVER_RETRY_AFTER_MS = 30_000

const UNKNOWN_COLLEAGUE = 'Another Leave Desk'

export function createTeamClaims(deps: TeamClaimsDeps): TeamClaims {
  const timeoutMs = deps.timeoutMs ?? TEAM_CLAIM_TIMEOUT_MS
  /** After the server did not answer, claims go to the replica for a while: a silent server must not slow every request by the timeout. */
  let serverSkippedUntil = Number.NEGATIVE_INFINITY
  return {
    async before(draftId, body) {
      const team = deps.team()
      if (!team) return { kind: 'go' }
      const claim = claimDocFor(sameLeaveOfBody(body), { ...team.me, draftId, claimedAt: deps.now() })
      const onServer = deps.now() < serverSkippedUntil ? 'unreachable' : await withTimeout(putClaim(team.remote, claim, team.me.installId, draftId), timeoutMs)
      if (onServer !== 'unreachable') {
        deps.onShared?.(true)
        return onServer
      }
      if (deps.now() >= serverSkippedUntil) serverSkippedUntil = deps.now() + SERVER_RETRY_AFTER_MS
      deps.onShared?.(false)
      return claimLocally(team.local, claim, team.me.installId, draftId)
    },
    async accepted(draftId, body, serverId) {
      const team = deps.team()
      if (!team) return
      const id = claimDocId(sameLeaveOfBody(body))
      const onServer = await withTimeout(addServerId(team.remote, id, team.me.installId, draftId, serverId), timeoutMs)
      if (onServer === 'unreachable') await addServerId(team.local, id, team.me.installId, draftId, serverId)
    }
  }
}

/** The claim written to the server: 409 is someone's claim already there (whose, read back). */
async function putClaim(remote: TeamDb, claim: TeamClaimDoc, installId: string, draftId: string): Promise<TeamClaimAnswer | 'unreachable'> {
  try {
    await remote.put(claim)
    return { kind: 'go' }
  } catch (error) {
    if (statusOf(error) !== 409) return 'unreachable'
  }
  return existingClaimAnswer(await readClaim(remote, claim._id), installId, draftId)
}

/**
 * The server cannot be asked: a colleague's claim this replica already holds still stops the request;
 * otherwise the claim is kept here, and replication takes it to the server when it is back.
 */
async function claimLocally(local: TeamDb, claim: TeamClaimDoc, installId: string, draftId: string): Promise<TeamClaimAnswer> {
  const held = await readClaim(local, claim._id)
  if (held !== 'absent' && held !== 'unreachable') {
    const answer = existingClaimAnswer(held, installId, draftId)
    return answer.kind === 'go' ? { kind: 'go-unshared' } : answer
  }
  try {
    await local.put(claim)
  } catch {
    // Not even this computer's replica takes it: the request still goes, as it would with no team.
  }
  return { kind: 'go-unshared' }
}

function existingClaimAnswer(existing: Awaited<ReturnType<typeof readClaim>>, installId: string, draftId: string): TeamClaimAnswer {
  if (existing === 'absent') return { kind: 'go' }
  // A claim is there (the server said 409) but cannot be read as one, or not read at all: someone holds
  // this leave, and who is unknown. Stopping is the safe reading; the clerk can still "Send anyway".
  if (existing === 'unreadable' || existing === 'unreachable') return { kind: 'colleague', clerkName: UNKNOWN_COLLEAGUE, claimedAt: 0, installId: '' }
  if (isOwnClaim(existing, installId, draftId)) return { kind: 'go' }
  return { kind: 'colleague', clerkName: existing.clerkName, claimedAt: existing.claimedAt, installId: existing.installId }
}

/** 'unreadable': a document is there but is not a claim; 'unreachable': the database did not answer. */
async function readClaim(db: TeamDb, id: string): Promise<TeamClaimDoc | 'absent' | 'unreadable' | 'unreachable'> {
  let doc: TeamDoc
  try {
    doc = await db.get(id)
  } catch (error) {
    return statusOf(error) === 404 ? 'absent' : 'unreachable'
  }
  const parsed = teamClaimDocSchema.safeParse(doc)
  return parsed.success ? parsed.data : 'unreadable'
}

/** Writes payroll's number on this install's claim (only its own: a colleague's claim is never changed). */
async function addServerId(db: TeamDb, id: string, installId: string, draftId: string, serverId: number): Promise<'done' | 'unreachable'> {
  // A concurrent change (replication landing) makes the put 409: read and try again, a few times.
  for (let tries = 0; tries < 3; tries += 1) {
    const held = await readClaim(db, id)
    if (held === 'absent' || held === 'unreachable') return 'unreachable'
    if (held === 'unreadable' || !isOwnClaim(held, installId, draftId) || held.serverId === serverId) return 'done'
    try {
      await db.put({ ...held, serverId })
      return 'done'
    } catch (error) {
      if (statusOf(error) !== 409) return 'unreachable'
    }
  }
  return 'done'
}

function statusOf(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined
  return typeof status === 'number' ? status : undefined
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T | 'unreachable'> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<'unreachable'>((resolve) => (timer = setTimeout(() => resolve('unreachable'), timeoutMs)))
  try {
    return await Promise.race([work.catch((): 'unreachable' => 'unreachable'), late])
  } finally {
    clearTimeout(timer)
  }
}
