import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SET_BY_ORGANISATION } from '../../main/policy/policySettings'
import { INVOKE_CHANNELS } from '../../shared/ipc/channelNames'
import { APP_FRAME, bootBuiltMain, menuItems, until, type BootedMain } from './bootBuiltMain'

/**
 * The built app on a machine whose policy file (a development run's stand-in for
 * /etc/leave-desk/policy.json) presets and locks the payroll, refuses Practice, fixes the quota and turns
 * updates off, with a feed named by the env that the policy's "off" must beat.
 */
const ORG = 'http://127.0.0.1:9'
const savedEnv = { ...process.env }
let booted: BootedMain
let policyDir = ''
const logText = () => readFileSync(path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log'), 'utf8')

beforeAll(async () => {
  policyDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-boot-policy-'))
  const policyFile = path.join(policyDir, 'policy.json')
  await writeFile(policyFile, JSON.stringify({ PayrollAddress: ORG, PayrollAddressLocked: true, PracticeAllowed: false, DailyQuota: 4000, Updates: 'off' }))
  booted = await bootBuiltMain({ LEAVE_DESK_POLICY_FILE: policyFile, LEAVE_DESK_UPDATE_FEED_URL: 'http://127.0.0.1:9/feed/' })
  const logFile = path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log')
  await until(() => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('started with'), 'the start')
}, 30_000)

afterAll(async () => {
  process.env = savedEnv
  await rm(policyDir, { recursive: true, force: true })
  if (booted) await rm(booted.workDir, { recursive: true, force: true })
})

describe('machine policy at start-up', () => {
  it('beats the settings and the defaults: the locked payroll is the one the app runs on, the quota is the policy’s', async () => {
    expect(logText()).toContain(`Machine policy applied from ${path.join(policyDir, 'policy.json')}`)
    expect(logText()).toContain('started with the remote backend')
    expect(await booted.invoke(INVOKE_CHANNELS.getSettings, APP_FRAME)).toMatchObject({ ok: true, value: { apiBaseUrl: ORG, payrollChosen: true, dailyQuota: 4000 } })
    expect(await booted.invoke(INVOKE_CHANNELS.getAppInfo, APP_FRAME)).toMatchObject({
      ok: true,
      value: { backend: { kind: 'remote', baseUrl: ORG }, organisationPolicy: { locked: ['apiBaseUrl', 'practice', 'dailyQuota'], problem: null } }
    })
  })

  it('refuses a change to what it locks, with the words Settings shows; other settings still save', async () => {
    expect(await booted.invoke(INVOKE_CHANNELS.updateSettings, APP_FRAME, { apiBaseUrl: 'https://elsewhere.example' })).toMatchObject({
      ok: false,
      error: { code: 'bad-input', message: SET_BY_ORGANISATION }
    })
    expect(await booted.invoke(INVOKE_CHANNELS.updateSettings, APP_FRAME, { dailyQuota: 20_000 })).toMatchObject({ ok: false, error: { code: 'bad-input' } })
    expect(await booted.invoke(INVOKE_CHANNELS.updateSettings, APP_FRAME, { defaultHoursPerDay: 8 })).toMatchObject({
      ok: true,
      value: { defaultHoursPerDay: 8, dailyQuota: 4000, apiBaseUrl: ORG }
    })
  })

  it('turns updates off by policy, even with a feed named by the env: no "Check for updates" in the menu', () => {
    expect(logText()).toContain("Updates off: your organisation's policy turns them off")
    expect(logText()).not.toContain('Updates on')
    expect(menuItems(booted.double).map((item) => item.label)).not.toContain('Check for updates…')
  })
})
