import { CLAIM_ID_PREFIX, teamClaimDocSchema, type TeamClaimDoc } from '../../../shared/team/teamClaimDoc'
import type { DraftRecord, EpochMs, PossiblyTwice } from '../db'
import type { TeamDatabases, TeamDb } from './teamDatabases'

/**
 * Collisions found after the fact (issue 29): two installs that claimed the same leave while out of reach
 * of the team server (each claim kept in its replica, both sent) meet when replication brings both claims
 * to one document: CouchDB keeps both as conflicting revisions, never merging them. Where two different
 * installs' (or drafts') revisions both carry a payroll number, both requests reached payroll: this
 * install's request is marked "possibly in payroll twice" with the other's number, and the clerk decides.
 * Nothing is ever sent by this: the ledger informs, it never sends.
 */
export interface FoundTwice {
  /** This install's draft, and the mark to put on it. */
  draftId: string
  mark: Omit<PossiblyTwice, 'foundAt'>
}

export async function findPossiblyTwice(team: TeamDatabases): Promise<FoundTwice[]> {
  const found: FoundTwice[] = []
  for (const revisions of await conflictingClaims(team.local)) {
    const sent = revisions.filter((claim): claim is TeamClaimDoc & { serverId: number } => claim.serverId !== undefined)
    const mine = sent.filter((claim) => claim.installId === team.me.installId)
    for (const own of mine) {
      const other = sent.find((claim) => !(claim.installId === own.installId && claim.draftId === own.draftId) && claim.serverId !== own.serverId)
      if (other) found.push({ draftId: own.draftId, mark: { otherServerId: other.serverId, clerkName: other.clerkName } })
    }
  }
  return found
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
export function markOf(found: FoundTwice, draft: DraftRecord, now: EpochMs): PossiblyTwice | null {
  if (draft.serverId === undefined) return null
  const current = draft.possiblyTwice
  if (current && current.otherServerId === found.mark.otherServerId) return null
  return { ...found.mark, foundAt: now }
}
