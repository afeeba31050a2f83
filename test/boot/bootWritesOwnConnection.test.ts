import { describe, expect, it } from 'vitest'
import { pendingLeave } from '../../main/api/testSupport/leaveRequests'
import { WRITES_PARTITION } from '../../main/http/writeConnections'
import { DEMO_CREDENTIALS, startSandbox } from '../../main/sandbox'
import { INVOKE_CHANNELS } from '../../shared/ipc/channelNames'
import { APP_FRAME } from './bootBuiltMain'
import type { NetRequestSeen } from './electronDouble'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/**
 * Chromium resends a request by itself when a reused connection fails before any answer, whatever its
 * method (writeConnections.ts). The built app against the Electron double, whose net.request keeps one
 * pool of keep-alive connections per session as Chromium does, and a real sandbox as the remote payroll:
 * what the app asks of Electron for a read and for a write, and which connection each went out on.
 */
const { boot, later } = cleanUpAfterAll()
const FILE = DEMO_CREDENTIALS.legacyKey.fileId

describe('a payroll write never goes out on a connection another request used', () => {
  it('HTTP/1.1 only; reads share the default session’s connections, each write has one of its own', async () => {
    const sandbox = await startSandbox({ port: 0 })
    later(() => sandbox.close())
    const { double, invoke, callsBeforeReady } = await boot({ LEAVE_DESK_API_URL: sandbox.baseUrl })
    expect(callsBeforeReady).toEqual(expect.arrayContaining(['app.commandLine.appendSwitch disable-http2', 'app.commandLine.appendSwitch disable-quic']))

    const { username, password } = DEMO_CREDENTIALS.clerk
    expect(await invoke(INVOKE_CHANNELS.signInWithPassword, APP_FRAME, username, password)).toMatchObject({ ok: true })
    expect(await invoke(INVOKE_CHANNELS.listEntitlements, APP_FRAME, FILE)).toMatchObject({ ok: true })
    const inserted = await invoke(INVOKE_CHANNELS.insertLeaveRequest, APP_FRAME, FILE, pendingLeave())
    expect(inserted).toMatchObject({ ok: true })
    const id = (inserted.value as { Id: number }).Id
    // The read right after the write: Chromium would hand the write this same idle connection.
    const read = await invoke(INVOKE_CHANNELS.getLeaveRequest, APP_FRAME, FILE, id)
    expect(read).toMatchObject({ ok: true })
    const { EmployeeId, LeaveTypePayItemId, StartDate, EndDate, Status, Items, LastModifiedDateUtc } = read.value as Record<string, unknown>
    const change = { EmployeeId, LeaveTypePayItemId, StartDate, EndDate, Status, Items, LastModifiedDateUtc, Notes: 'Family visit, moved' }
    expect(await invoke(INVOKE_CHANNELS.putLeaveRequest, APP_FRAME, FILE, id, change)).toMatchObject({ ok: true })
    expect(sandbox.store.leaveRequests(FILE)).toEqual(expect.arrayContaining([expect.objectContaining({ Id: id, Notes: 'Family visit, moved' })]))

    const seen = double.netRequests
    const writes = seen.filter((request) => request.method !== 'GET')
    const reads = seen.filter((request) => request.method === 'GET')
    expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(expect.arrayContaining(['POST /Payroll/LeaveRequest', `PUT /Payroll/LeaveRequest/${id}`]))
    expect(writes.map((w) => w.method)).toContain('POST') // the sign-in's token grant is a write too
    for (const write of writes) {
      expect(write, `${write.method} ${write.path}`).toMatchObject({ partition: WRITES_PARTITION, connectionHeader: 'close', reusedConnection: false })
      expect(reads.map((r) => r.localPort)).not.toContain(write.localPort)
    }
    expect(new Set(writes.map((w) => w.localPort)).size).toBe(writes.length)
    // Reads keep their connections, even across a write: some read after a write went out on a connection a
    // read before that write had opened, which was idle while the write went, and which the write did not take.
    expect(reads.every((r) => r.partition === 'default' && r.connectionHeader === undefined)).toBe(true)
    const order = (request: NetRequestSeen) => seen.indexOf(request)
    const keptAcrossAWrite = reads.filter(
      (later) =>
        later.reusedConnection &&
        writes.some((write) => order(write) < order(later) && reads.some((earlier) => order(earlier) < order(write) && earlier.localPort === later.localPort))
    )
    expect(keptAcrossAWrite.length).toBeGreaterThan(0)

    // Asked of Electron: the writes' partition's connections closed just before each write (reads, the
    // connectivity probe among them, may come in between: they do not use that partition).
    const asked = double.calls.filter((call) => call === `session.closeAllConnections ${WRITES_PARTITION}` || (call.startsWith('net.request') && call.endsWith(` ${WRITES_PARTITION}`)))
    expect(asked).toHaveLength(2 * writes.length)
    asked.forEach((call, index) =>
      expect(call).toMatch(index % 2 === 0 ? `session.closeAllConnections ${WRITES_PARTITION}` : new RegExp(`^net\\.request (POST|PUT) \\S+ ${WRITES_PARTITION}$`))
    )
  })
})
