import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startHarness, validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'

/** `dataFile`: what a sandbox stores survives a restart; a damaged file never stops it starting. */

let dir: string
let dataFile: string
const open: SandboxHarness[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'leave-desk-sandbox-'))
  dataFile = join(dir, 'sandbox.json')
})
afterEach(async () => {
  for (const h of open.splice(0)) await h.close()
  rmSync(dir, { recursive: true, force: true })
})

async function start(warnings: string[] = []) {
  const h = await startHarness({ dataFile, warn: (m) => warnings.push(m) })
  open.push(h)
  return h
}

describe('persistence', () => {
  it('keeps leave requests, balances and sessions across a restart', async () => {
    const first = await start()
    const tokens = await first.signIn()
    const inserted = await first.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: validLeave(), token: tokens.access_token })
    expect(inserted.status).toBe(200)
    const { Id } = inserted.json<{ Id: number }>()
    const balances = first.sandbox.store.employees(1001)
    await first.close()
    open.splice(0)

    const second = await start()
    expect(second.sandbox.store.leaveRequests(1001).map((r) => r.Id)).toEqual([Id])
    expect(second.sandbox.store.employees(1001)).toEqual(balances)
    // The clerk's stored session still works against the restarted sandbox.
    expect((await second.call('GET', `/Payroll/LeaveRequest/${Id}?FileId=1001`, { token: tokens.access_token })).status).toBe(200)
    const next = await second.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: validLeave(), token: tokens.access_token })
    expect(next.json<{ Id: number }>().Id).toBeGreaterThan(Id)
  })

  it('writes no token in the clear and leaves no temporary files behind', async () => {
    const h = await start()
    const tokens = await h.signIn()
    const text = readFileSync(dataFile, 'utf8')
    expect(text).not.toContain(tokens.access_token)
    expect(text).not.toContain(tokens.refresh_token)
    expect(readdirSync(dir)).toEqual(['sandbox.json'])
  })

  it('removes the temporary file a killed write left behind, and nothing else', async () => {
    writeFileSync(join(dir, 'sandbox.json.tmp-4242-7'), '{"version": 1, "lea')
    writeFileSync(join(dir, 'notes.txt'), 'not ours')
    await start()
    expect(readdirSync(dir).sort()).toEqual(['notes.txt'])
  })

  it.each([
    ['not JSON', '{"version": 1, "leaves": '],
    ['the wrong shape', JSON.stringify({ version: 1, leaves: { nextId: 'x' } })],
    ['an unknown version', JSON.stringify({ version: 99 })]
  ])('moves a data file with %s aside and starts from the demo data', async (_label, content) => {
    writeFileSync(dataFile, content)
    const warnings: string[] = []
    const h = await start(warnings)
    expect(h.sandbox.store.leaveRequests(1001)).toEqual([])
    expect((await h.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: validLeave(), token: (await h.signIn()).access_token })).status).toBe(200)
    const aside = readdirSync(dir).filter((name) => name.startsWith('sandbox.json.corrupt-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dir, aside[0] as string), 'utf8')).toBe(content)
    expect(warnings.join('\n')).toContain('corrupt-')
    expect(existsSync(dataFile)).toBe(true)
  })
})
