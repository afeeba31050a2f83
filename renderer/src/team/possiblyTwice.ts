import { readTeamDoc } from '../../../shared/team/readTeamDoc'
import { CLAIM_ID_PREFIX, teamClaimDocSchema, type TeamClaimDoc } from '../../../shared/team/teamClaimDoc'
import { teamRequestDocSchema, teamRequestId } from '../../../shared/team/teamRequestDoc'
import type { DraftRecord, EpochMs, PossiblyTwice } from '../db'
import type { TeamDatabases, TeamDb } from './teamDatabases'

/**
 * Collisions found after the fact (issue 29): two installs that claimed the same leave while out of reach
 * of the team server (each claim kept in its replica, both sent) meet when replication brings both claims
 * to one document: CouchDB keeps both as conflicting revisions, never merging them. Where two different
 * installs' (or drafts') revisions both carry a payroll number, both requests reached payroll: this
 * install's request is marked "possibly in payroll twice" with the other's number, and the clerk decides.
 * Once the colleague's copy is rejected in payroll (its request in the ledger says so, with that number),
 * this install's mark is taken off again: only one copy is left to pay. Nothing is ever sent by this: the
 * ledger informs, it never sends.
 */
export interface FoundTwice {
  /** This install's draft, and the mark to put on it; null: every other copy was rejected, take it off. */
  draftId: string
  mark: Omit<PossiblyTwice, 'foundAt'> | null
}

export async function findPossiblyTwice(team: TeamDatabases): Promise<FoundTwice[]> {
  const found: FoundTwice[] = []
  for (const revisions of await conflictingClaims(team.local)) {
    const sent = revisions.filter((claim): claim is TeamClaimDoc & { serverId: number } => claim.serverId !== undefined)
    const mine = sent.filter((claim) => claim.installId === team.me.installId)
    for (const own of mine) {
      const others = sent.filter((claim) => !(claim.installId === own.installId && claim.draftId === own.draftId) && claim.serverId !== own.serverId)
      if (others.length === 0) continue
      const rejected = await Promise.all(others.map((other) => rejectedInPayroll(team.local, other)))
      const other = others.find((_, index) => !rejected[index])
      found.push({ draftId: own.draftId, mark: other ? { otherServerId: other.serverId, clerkName: other.clerkName } : null })
    }
  }
  return found
}

/** Whether the ledger holds the claim's request, with the same payroll number, as rejected (validated; unreadable: not rejected). */
async function rejectedInPayroll(local: TeamDb, claim: TeamClaimDoc & { serverId: number }): Promise<boolean> {
  const doc = await local.get(teamRequestId(claim.installId, claim.draftId)).catch(() => null)
  if (!doc) return false
  const read = readTeamDoc(doc, teamRequestDocSchema)
  return read.ok && read.doc.serverId === claim.serverId && read.doc.leaveStatus === 'Rejected'
}

/** Every claim document with conflicting revisions, as the valid claims among all its revisions. */
async function conflictingClaims(local: TeamDb): Promise<TeamClaimDoc[][]> {
  const { rows } = await local.allDocs({ include_docs: true, conflicts: true, startkey: CLAIM_ID_PREFIX, endkey: `${CLAIM_ID_PREFIX}\ufff0` })
  const result: TeamClaimDoc[][] = []
  for (const row of rows) {
    const conflicts = row.doc?._conflicts ?? []
    if (!row.doc || conflicts.length === 0) continue
    const losers = await Promise.all(conflicts.map((rev) => local.get(row.id, { rev }).catch(() => null)))
    result.push([row.doc, ...losers].flatMap((doc) => {
      const parsed = teamClaimDocSchema.safeParse(doc)
      return parsed.success ? [parsed.data] : []
    }))
  }
  return result
}

/** The mark as the draft keeps it; unchanged marks are not written again (the screens would redraw). */
export function markOf(found: FoundTwice & { mark: object }, draft: DraftRecord, now: EpochMs): PossiblyTwice | null {
  if (draft.serverId === undefined) return null
  const current = draft.possiblyTwice
  if (current && current.otherServerId === found.mark.otherServerId) return null
  return { ...found.mark, foundAt: now }
}
