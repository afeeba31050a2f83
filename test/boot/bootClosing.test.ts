import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pendingLeave } from '../../main/api/testSupport/leaveRequests'
import { DEMO_CREDENTIALS, startSandbox, type Sandbox } from '../../main/sandbox'
import { INVOKE_CHANNELS } from '../../shared/ipc/channelNames'
import { APP_FRAME, bootBuiltMain, until, type BootedMain } from './bootBuiltMain'

/**
 * Closing the built app while a leave request is on its way to payroll (a real sandbox answering after
 * 1.5 s, as the app's remote API): the close is held, the clerk is asked, and the window closes only
 * after payroll's answer came back and was handed to the page. Electron double as in boot.test.ts.
 */
let booted: BootedMain
let sandbox: Sandbox
const savedEnv = { ...process.env }
const FILE = DEMO_CREDENTIALS.legacyKey.fileId

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 })
  booted = await bootBuiltMain({ LEAVE_DESK_API_URL: sandbox.baseUrl })
}, 30_000)

afterAll(async () => {
  process.env = savedEnv
  await sandbox?.close()
  if (booted?.workDir) await rm(booted.workDir, { recursive: true, force: true })
})

describe('closing the window while a request is being sent', () => {
  it('asks first, then waits for payroll’s answer before the window goes', async () => {
    const { double, invoke } = booted
    const { username, password } = DEMO_CREDENTIALS.clerk
    expect(await invoke(INVOKE_CHANNELS.signInWithPassword, APP_FRAME, username, password)).toMatchObject({ ok: true })
    sandbox.faults.add({ kind: 'latency', ms: 1_500, route: 'POST /Payroll/LeaveRequest', times: 1 })

    let answered = false
    const sending = invoke(INVOKE_CHANNELS.insertLeaveRequest, APP_FRAME, FILE, pendingLeave()).then((result) => {
      answered = true
      return result
    })
    await until(() => sandbox.stats.count('POST /Payroll/LeaveRequest') === 1, 'the request to reach payroll')

    const [window] = double.windows
    window!.close()
    expect(window!.destroyed).toBe(false) // held: a request is out
    await until(() => double.dialogs.length === 1, 'the question')
    expect(double.dialogs[0]).toMatchObject({ kind: 'message-box', options: { message: 'A leave request is being sent to payroll.' } })
    expect(answered).toBe(false)

    // The double answers "Wait for the answers, then close".
    await until(() => window!.destroyed, 'the window to close')
    expect(answered).toBe(true)
    expect(await sending).toMatchObject({ ok: true })
    expect(sandbox.store.leaveRequests(FILE)).toEqual(expect.arrayContaining([expect.objectContaining({ Notes: 'Family visit' })]))
  })
})
