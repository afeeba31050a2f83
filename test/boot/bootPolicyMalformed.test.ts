import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { INVOKE_CHANNELS } from '../../shared/ipc/channelNames'
import { APP_FRAME, until } from './bootBuiltMain'
import { cleanUpAfterAll } from './cleanUpAfterAll'

/** A machine policy with one wrong value: reported in the log and to Settings, none of it applied, no crash. */
const { boot, later } = cleanUpAfterAll()

describe('a malformed machine policy', () => {
  it('is logged and shown to Settings, and none of it applies: the app starts on the clerk’s own settings', async () => {
    const policyDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-boot-policy-'))
    later(() => rm(policyDir, { recursive: true, force: true }))
    const policyFile = path.join(policyDir, 'policy.json')
    await writeFile(policyFile, JSON.stringify({ PayrollAddress: 'https://payroll.office.example', PayrollAddressLocked: 'yes', PracticeAllowed: false }))
    const booted = await boot({ LEAVE_DESK_POLICY_FILE: policyFile })
    const logFile = path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log')
    await until(() => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('started with'), 'the start')

    expect(readFileSync(logFile, 'utf8')).toMatch(/\[error\].*The machine policy in .*policy\.json is not applied: PayrollAddressLocked: PayrollAddressLocked must be true or false/)
    expect(readFileSync(logFile, 'utf8')).toContain('started with the embedded-sandbox backend')
    const info = await booted.invoke(INVOKE_CHANNELS.getAppInfo, APP_FRAME)
    expect(info).toMatchObject({ ok: true, value: { organisationPolicy: { locked: [], problem: expect.stringMatching(/is not applied/) } } })
    // Practice is still allowed: half a policy is never applied.
    expect(await booted.invoke(INVOKE_CHANNELS.updateSettings, APP_FRAME, { apiBaseUrl: null, payrollChosen: true })).toMatchObject({ ok: true })
    expect(booted.double.app.exitCodes).toEqual([])
  })
})
