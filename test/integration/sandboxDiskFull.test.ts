import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { idsOnDisk } from '../../main/sandbox/testSupport/onDisk'
import { startHarness, validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'

/**
 * Fault matrix, sandbox side: a full disk under the data file. The sandbox must answer with a 5xx that
 * names the disk, store nothing (not even in memory), leave no temporary file behind, and work again as
 * soon as there is room.
 */

const INSERT = '/Payroll/LeaveRequest?FileId=1001'
let dir: string
let dataFile: string
let h: SandboxHarness
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'leave-desk-disk-'))
  dataFile = join(dir, 'sandbox.json')
  h = await startHarness({ dataFile })
})
afterEach(async () => {
  await h.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('a full disk under the data file', () => {
  it('refuses an insert with 507 naming the disk, stores nothing and leaves no temporary file', async () => {
    const token = (await h.signIn()).access_token
    const before = readFileSync(dataFile, 'utf8')
    h.sandbox.faults.diskFull(true)

    const answer = await h.call('POST', INSERT, { body: validLeave(), token })
    expect(answer.status).toBe(507)
    expect(answer.problem().detail).toMatch(/disk is full/)
    expect(h.sandbox.store.leaveRequests(1001)).toEqual([])
    expect(h.sandbox.store.employees(1001).find((e) => e.Id === 6001)?.LeaveBalances).toEqual(
      expect.arrayContaining([expect.objectContaining({ PayItemId: 101 })])
    )
    expect(readdirSync(dir)).toEqual(['sandbox.json'])
    expect(readFileSync(dataFile, 'utf8')).toBe(before)
  })

  it('refuses every change of a coalesced write, and a read afterwards does not see them', async () => {
    const token = (await h.signIn()).access_token
    h.sandbox.faults.diskFull(true)
    const answers = await Promise.all(Array.from({ length: 8 }, () => h.call('POST', INSERT, { body: validLeave(), token })))
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(507))
    expect(h.sandbox.store.leaveRequests(1001)).toEqual([])
    expect((await h.call('GET', '/Payroll/LeaveRequest/1?FileId=1001', { token })).status).toBe(404)
    expect(readdirSync(dir)).toEqual(['sandbox.json'])
  })

  it('refuses a sign-in it could not keep, and sign-ins and inserts work again once there is room', async () => {
    h.sandbox.faults.diskFull(true)
    const refused = await h.call('POST', '/authorisation/token', {
      body: { grant_type: 'password', username: 'clerk@demo.test', password: 'demo-password', scope: 'full' }
    })
    expect(refused.status).toBe(507)
    expect(refused.json()).toMatchObject({ error: 'server_error', error_description: expect.stringMatching(/disk is full/) })
    expect(refused.text).not.toContain('access_token')

    h.sandbox.faults.diskFull(false)
    const token = (await h.signIn()).access_token
    const inserted = await h.call('POST', INSERT, { body: validLeave(), token })
    expect(inserted.status).toBe(200)
    // The data file and its journal, nothing else (no temporary file).
    expect(readdirSync(dir).sort()).toEqual(['sandbox.json', 'sandbox.json.journal'])
    // What was acknowledged is on disk before the answer came back.
    expect(idsOnDisk(dataFile)).toEqual([inserted.json<{ Id: number }>().Id])
  })

  it('acknowledges concurrent inserts only once they are in the data file', async () => {
    const token = (await h.signIn()).access_token
    const answers = await Promise.all(Array.from({ length: 20 }, () => h.call('POST', INSERT, { body: validLeave(), token })))
    expect(answers.every((a) => a.status === 200)).toBe(true)
    const ids = answers.map((a) => a.json<{ Id: number }>().Id).sort((a, b) => a - b)
    expect(idsOnDisk(dataFile).sort((a, b) => a - b)).toEqual(ids)
  })
})
