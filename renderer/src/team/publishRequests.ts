import { readTeamDoc } from '../../../shared/team/readTeamDoc'
import { teamRequestDocSchema, teamRequestId, type TeamRequestDoc } from '../../../shared/team/teamRequestDoc'
import type { DraftRecord, DraftsRepository } from '../db'
import type { TeamDb } from './teamDatabases'
import { changesLedger, teamRequestFromDraft } from './teamRequestFromDraft'

/**
 * Puts this install's requests into the ledger: after each recorded outcome (publishingQueue.ts), and
 * once when the ledger opens, for whatever left while it was closed or off. Written to the replica;
 * replication carries it to the server when it can. A failure to publish never touches the draft.
 */
export interface Publisher {
  publish(draftId: string): Promise<void>
  /** Every request of the file that left, published where the ledger's copy is missing or behind. */
  catchUp(fileId: number): Promise<number>
}

export interface PublisherDeps {
  repo: Pick<DraftsRepository, 'getDraft' | 'getEmployee' | 'listLeaveTypes' | 'db'>
  local: TeamDb
  me: { installId: string; clerkName: string }
  shareNotes: () => boolean
  now?: () => number
}

const CATCH_UP_CHUNK = 500

export function createPublisher(deps: PublisherDeps): Publisher {
  const now = deps.now ?? Date.now
  let inOrder: Promise<unknown> = Promise.resolve()
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = inOrder.then(task)
    inOrder = run.catch(() => undefined)
    return run
  }

  async function previousOf(id: string): Promise<TeamRequestDoc | undefined> {
    try {
      const read = readTeamDoc(await deps.local.get(id), teamRequestDocSchema)
      return read.ok ? read.doc : undefined
    } catch {
      return undefined
    }
  }

  async function publishDraft(draft: DraftRecord, previous: TeamRequestDoc | undefined): Promise<boolean> {
    const [employee, leaveTypes] = await Promise.all([
      draft.employeeId === undefined ? undefined : deps.repo.getEmployee(draft.fileId, draft.employeeId),
      deps.repo.listLeaveTypes(draft.fileId)
    ])
    const doc = teamRequestFromDraft(draft, {
      me: deps.me,
      employeeName: employee?.displayName,
      leaveTypeName: leaveTypes.find((type) => type.id === draft.leaveTypePayItemId)?.name,
      now: now(),
      shareNotes: deps.shareNotes(),
      previous
    })
    if (!doc || !changesLedger(previous, doc)) return false
    await deps.local.put(doc)
    return true
  }

  /**
   * With notes off, no copy of this install's keeps them, a deleted draft's included (deleted drafts are
   * not republished, so their copies would keep notes put in while the office shared them).
   */
  const takeNotesOut = async (fileId: number): Promise<number> => {
    const prefix = teamRequestId(deps.me.installId, '')
    const { rows } = await deps.local.allDocs({ startkey: prefix, endkey: `${prefix}\ufff0`, include_docs: true })
    let changed = 0
    for (const { doc } of rows) {
      if (!doc || doc.fileId !== fileId || !('notes' in doc)) continue
      const { notes: _left, ...withoutNotes } = doc
      if (await deps.local.put(withoutNotes).then(() => true, () => false)) changed += 1
    }
    return changed
  }

  return {
    publish: (draftId) =>
      serial(async () => {
        const draft = await deps.repo.getDraft(draftId)
        if (!draft) return
        try {
          await publishDraft(draft, await previousOf(teamRequestId(deps.me.installId, draft.id)))
        } catch (error) {
          console.warn('A request could not be added to the team ledger; it will be on the next start.', error)
        }
      }),
    catchUp: (fileId) =>
      serial(async () => {
        const left = await deps.repo.db.drafts.where('[fileId+status]').anyOf([[fileId, 'synced'], [fileId, 'uncertain']]).toArray()
        const withNumber = await deps.repo.db.drafts.where('[fileId+seq]').between([fileId, -Infinity], [fileId, Infinity]).filter((draft) => draft.serverId !== undefined && draft.status !== 'synced').toArray()
        const drafts = [...left, ...withNumber].filter((draft) => draft.deletedAt === undefined)
        let published = 0
        for (let start = 0; start < drafts.length; start += CATCH_UP_CHUNK) {
          const chunk = drafts.slice(start, start + CATCH_UP_CHUNK)
          const { rows } = await deps.local.allDocs({ keys: chunk.map((draft) => teamRequestId(deps.me.installId, draft.id)), include_docs: true })
          for (const [index, draft] of chunk.entries()) {
            const read = rows[index]?.doc ? readTeamDoc(rows[index].doc, teamRequestDocSchema) : undefined
            if (await publishDraft(draft, read?.ok ? read.doc : undefined).catch(() => false)) published += 1
          }
        }
        return deps.shareNotes() ? published : published + (await takeNotesOut(fileId))
      })
  }
}
