import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { LeaveRequestInsert } from '../../shared/leaveRequestSchema'
import { nodeDurableFs, type DurableFs } from './durableFile'
import { journalPathOf } from './journal'
import { LeaveStore } from './leaveStore'
import { loadState } from './persistence'
import { SandboxGrants } from './sandboxGrants'
import { StateCommitter } from './stateCommits'
import { validLeave } from './testSupport/sandboxClient'

/**
 * The sandbox's commits cost what changed, not the size of its data: an insert appends one journal line
 * whatever is stored already, the journal is folded into a new snapshot once it is as large, and reading
 * back (snapshot + journal) gives exactly what was acknowledged, whatever a crash left at the end.
 */
let dir: string
let dataFile: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'leave-desk-journal-'))
  dataFile = join(dir, 'sandbox.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** The sandbox's stores and committer as index.ts composes them, over a file system that counts bytes written. */
function openStores(stored = 0) {
  let written = 0
  const fs: DurableFs = {
    ...nodeDurableFs,
    open: async (path, flags, mode) => {
      const handle = await nodeDurableFs.open(path, flags, mode)
      return { ...handle, writeFile: (data: string) => ((written += Buffer.byteLength(data)), handle.writeFile(data)), sync: () => handle.sync(), close: () => handle.close() }
    }
  }
  const leaves = new LeaveStore(() => Date.UTC(2026, 2, 2))
  const tokens = new SandboxGrants({ accessTtlMs: 1000, refreshTtlMs: 1000, rotate: false, graceMs: 0, maxGrantsPerUser: 25, now: () => 0 })
  const loaded = loadState(dataFile, 0)
  if (loaded.kind === 'loaded') {
    leaves.restore(loaded.state.leaves)
    tokens.restore(loaded.state.tokens)
  }
  for (let index = 0; index < stored; index += 1) leaves.insert(1001, validLeave() as unknown as LeaveRequestInsert)
  const committer = new StateCommitter({
    path: dataFile,
    fs,
    state: () => ({ version: 1, leaves: leaves.state(), tokens: tokens.snapshot() }),
    restore: (state) => {
      leaves.restore(state.leaves)
      tokens.restore(state.tokens)
    },
    load: (journalBytes) => {
      const again = loadState(dataFile, 0, journalBytes)
      return again.kind === 'loaded' ? again.state : null
    },
    found: loaded.kind === 'loaded' ? loaded.found : null
  })
  const insert = async () => {
    const record = leaves.insert(1001, validLeave() as unknown as LeaveRequestInsert)
    expect((await committer.commit()).ok).toBe(true)
    return record.Id
  }
  return { leaves, committer, insert, written: () => written }
}

const idsOnDisk = () => {
  const loaded = loadState(dataFile, 0)
  return loaded.kind === 'loaded' ? (loaded.state.leaves.files['1001']?.leaveRequests.map((r) => r.Id) ?? []) : []
}

/** A restart reads back exactly `ids`, and goes on from there: its next insert is stored after them. */
async function expectRestartToKeep(ids: number[]) {
  const restarted = openStores()
  expect(restarted.leaves.leaveRequests(1001).map((r) => r.Id)).toEqual(ids)
  ids.push(await restarted.insert())
  await restarted.committer.idle()
  expect(idsOnDisk()).toEqual(ids)
}

describe('the sandbox journal', () => {
  it('writes the same few bytes for one insert with 10 or 5,000 requests stored (no rewrite of the data file)', async () => {
    const perInsert: number[] = []
    for (const stored of [10, 5_000]) {
      rmSync(dataFile, { force: true })
      rmSync(journalPathOf(dataFile), { force: true })
      const stores = openStores(stored)
      await stores.insert() // the first commit writes the snapshot
      const snapshotSize = statSync(dataFile).size
      const before = stores.written()
      await stores.insert()
      perInsert.push(stores.written() - before)
      expect(statSync(dataFile).size).toBe(snapshotSize)
      await stores.committer.idle()
    }
    expect(perInsert[0]).toBeLessThan(8_000)
    // The Id has a digit or two more; everything else is the same.
    expect(Math.abs((perInsert[1] ?? 0) - (perInsert[0] ?? 0))).toBeLessThan(16)
  })

  it('reads back every acknowledged insert from the snapshot and the journal, as a restart does', async () => {
    const stores = openStores()
    const ids: number[] = []
    for (let index = 0; index < 25; index += 1) ids.push(await stores.insert())
    await stores.committer.idle()
    expect(existsSync(journalPathOf(dataFile))).toBe(true)
    expect(idsOnDisk()).toEqual(ids)
    await expectRestartToKeep(ids)
  })

  it('drops a line a kill cut short (never acknowledged), and appends after the last whole one', async () => {
    const stores = openStores()
    const ids = [await stores.insert(), await stores.insert(), await stores.insert()]
    await stores.committer.idle()
    appendFileSync(journalPathOf(dataFile), '{"seq":4,"records":[["1001",{"Id":99')
    await expectRestartToKeep(ids)
  })

  it('folds the journal into a new snapshot once it is as large, and a journal a crash left behind is not replayed twice', async () => {
    const stores = openStores()
    const ids: number[] = []
    ids.push(await stores.insert())
    const journal = journalPathOf(dataFile)
    let lastJournal = ''
    // Each line carries the head (balances changed) and one request: a few thousand lines pass 1 MB.
    while (existsSync(journal) || ids.length < 3) {
      lastJournal = existsSync(journal) ? readFileSync(journal, 'utf8') : lastJournal
      ids.push(await stores.insert())
      if (ids.length > 5_000) throw new Error('The journal was never folded into a snapshot.')
    }
    await stores.committer.idle()
    expect(idsOnDisk()).toEqual(ids)
    // A crash between the new snapshot and removing the journal: its lines are older than the snapshot.
    writeFileSync(journal, lastJournal)
    expect(idsOnDisk()).toEqual(ids)
  })
})
