import { afterEach, describe, expect, it } from 'vitest'
import type { ApiResult } from '../../../shared/apiError'
import type { LeaveDeskApi } from '../../../shared/ipc'
import { teamRequestDocSchema } from '../../../shared/team/teamRequestDoc'
import { startSandbox, type Sandbox } from '../../../main/sandbox'
import { createIpcDispatcher } from '../../../main/ipc/ipcDispatch'
import { createPracticeColleague, PRACTICE_COLLEAGUE, practiceColleaguePlan } from '../../../main/team/practiceColleague'
import { tempWorkspace } from '../../../main/testSupport/tempWorkspace'
import { colleagueClashesOf, colleagueClashWords } from '../../../renderer/src/team/colleagueClashes'
import type { TeamLedger } from '../../../renderer/src/team/openTeamLedger'
import { openPracticeTeamLedger } from '../../../renderer/src/team/practiceTeam'
import { pouchdbUnderNode } from '../../teamServer/startTeamServer'

/**
 * Practice's team (issue 29): Sam, the practice colleague, sends through the practice payroll, and the
 * page's own ledger code replicates Sam's requests from the built-in practice team, so the checks name Sam.
 */
const workspace = tempWorkspace('leave-desk-practice-team-')
const FILE = 1001
// A Wednesday: Sam's next Monday is 30 Nov.
const NOW = Date.parse('2026-11-25T09:00:00Z')
const ME = { installId: 'install-practice-clerk', clerkName: 'Leave Desk at FRONT-DESK' }

let ledger: TeamLedger | undefined
let peer: Sandbox | undefined
afterEach(async () => {
  await ledger?.stop()
  ledger = undefined
  await peer?.close()
  peer = undefined
})

const practice = () => workspace.startServices({ now: () => NOW })

describe('the practice colleague', () => {
  it('sends a few requests through the practice payroll, once, and hands them over as Sam’s team documents', async () => {
    const running = await practice()
    const first = await running.services.practiceColleagueRequests(FILE)
    if (!first.ok) throw new Error(first.error.message)
    expect(first.value).toHaveLength(3)
    for (const doc of first.value) {
      expect(teamRequestDocSchema.safeParse(doc).success).toBe(true)
      expect(doc.enteredBy).toEqual(PRACTICE_COLLEAGUE)
    }
    expect(first.value[0]).toMatchObject({ employeeName: 'Grace Lee', leaveTypeName: 'Annual Leave', startDate: '2026-11-30', endDate: '2026-12-01', state: 'in-payroll' })

    // Really in the practice payroll: the numbers are payroll's, and Jack's approved day comes off his balance.
    const payroll = running.backend().practicePayroll
    const records = payroll?.leaveRequests(FILE) ?? []
    expect(first.value.map((doc) => doc.serverId).sort()).toEqual(records.map((record) => record.Id).sort())
    const jack = records.find((record) => record.Status === 'Approved' && record.StartDate.startsWith('2026-12-03'))
    expect(jack?.TotalHours).toBe(7.6)

    // A page opening the ledger again does not make Sam send again.
    const again = await running.services.practiceColleagueRequests(FILE)
    expect(again.ok && again.value.map((doc) => doc._id)).toEqual(first.value.map((doc) => doc._id))
    expect(payroll?.leaveRequests(FILE)).toHaveLength(3)
  })

  it('sends a fresh set only once everything Sam sent is past, so a clerk back weeks later still sees the team at work', async () => {
    peer = await startSandbox({ port: 0, warn: () => undefined })
    let now = NOW
    const sam = createPracticeColleague({ payroll: peer.store, now: () => now })
    expect(await sam.requestsOf(FILE)).toHaveLength(3)
    now = Date.parse('2026-12-11T09:00:00Z') // Chloe's last day: one is still current
    expect(await sam.requestsOf(FILE)).toHaveLength(3)
    now = Date.parse('2026-12-12T09:00:00Z')
    const later = await sam.requestsOf(FILE)
    expect(later).toHaveLength(6)
    expect(later.filter((doc) => doc.startDate >= '2026-12-12').map((doc) => doc.employeeName)).toEqual(['Grace Lee', 'Jack Smith', 'Chloe Hall'])
  })

  it('is refused for a real payroll: its ledger never gets a practice colleague', async () => {
    peer = await startSandbox({ port: 0, warn: () => undefined })
    const running = await workspace.startServices({ envApiUrl: peer.baseUrl })
    expect(await running.services.practiceColleagueRequests(FILE)).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(peer.store.leaveRequests(FILE)).toEqual([])
  })

  it('reaches the page’s checks through the built-in practice team: drafting Sam’s leave is warned, naming Sam', async () => {
    const running = await practice()
    const dispatch = createIpcDispatcher(running.services)
    const api = {
      practiceColleagueRequests: (...args: unknown[]) => dispatch('practiceColleagueRequests', args),
      teamFetch: (...args: unknown[]) => dispatch('teamFetch', args)
    } as unknown as Pick<LeaveDeskApi, 'practiceColleagueRequests' | 'teamFetch'> & Record<string, (...args: unknown[]) => Promise<ApiResult<never>>>
    ledger = await openPracticeTeamLedger({ api, fileId: FILE, localName: `practice-clerk-${process.pid}`, me: ME, PouchDB: pouchdbUnderNode(), replication: { log: () => undefined } })
    const arrived = ledger

    const [grace] = practiceColleaguePlan('2026-11-25')
    const graceId = running.backend().practicePayroll?.employees(FILE).find((e) => e.DisplayName === 'Grace Lee')?.Id ?? 0
    await expect.poll(() => arrived.requests.forEmployee(graceId).length, { timeout: 10_000 }).toBe(1)

    const draft = { id: 'draft-1', employeeId: graceId, leaveTypePayItemId: 101, startDate: grace?.start ?? '', endDate: grace?.end ?? '', leaveStatus: 'Pending' as const }
    const [clash] = colleagueClashesOf(draft, arrived.requests.forEmployee(graceId), ME.installId)
    expect(clash?.exact).toBe(true)
    expect(clash && colleagueClashWords(clash, NOW)).toMatch(/^Sam, practice colleague sent this leave \(Annual Leave 30 Nov – 1 Dec 2026\) at .*; in payroll as #\d+\.$/)
  })
})
