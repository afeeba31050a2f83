import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readMachinePolicy } from './machinePolicy'
import { POLICY_KEYS } from './policySchema'
import { osPolicyReaders } from './osPolicyReaders'
import { LINUX_POLICY_FILE, parseRegQuery, WINDOWS_POLICY_KEY, type PolicyReaders } from './policySources'

const APP_ID = 'app.leavedesk.desktop'
const nothing: PolicyReaders = { platform: 'linux', appId: APP_ID, regQuery: async () => null, readText: async () => null, plistAsJson: async () => null }

/** What `reg query HKLM\SOFTWARE\Policies\LeaveDesk` prints on Windows 11 for a Group Policy object. */
const REG_QUERY_OUTPUT = [
  '',
  'HKEY_LOCAL_MACHINE\\SOFTWARE\\Policies\\LeaveDesk',
  '    PayrollAddress    REG_SZ    https://payroll.example.com.au',
  '    PayrollAddressLocked    REG_DWORD    0x1',
  '    PracticeAllowed    REG_DWORD    0x0',
  '    Updates    REG_SZ    off',
  '    RequestsPerSecond    REG_DWORD    0x1',
  '    DailyQuota    REG_DWORD    0x1388',
  '    LogLevel    REG_SZ    debug',
  ''
].join('\r\n')

describe('machine policy, one fixture per source', () => {
  it('Windows: HKLM\\SOFTWARE\\Policies\\LeaveDesk through reg query (text, DWORD numbers, 0/1 yes-no)', async () => {
    const asked: string[] = []
    const reading = await readMachinePolicy({ ...nothing, platform: 'win32', regQuery: async (key) => (asked.push(key), REG_QUERY_OUTPUT) })
    expect(asked).toEqual([WINDOWS_POLICY_KEY])
    expect(reading).toEqual({
      source: WINDOWS_POLICY_KEY,
      problem: null,
      policy: {
        PayrollAddress: 'https://payroll.example.com.au',
        PayrollAddressLocked: true,
        PracticeAllowed: false,
        Updates: 'off',
        RequestsPerSecond: 1,
        DailyQuota: 5000,
        LogLevel: 'debug'
      }
    })
  })

  it('Windows: no key means no policy; a wrong value type is reported and nothing applied', async () => {
    expect(await readMachinePolicy({ ...nothing, platform: 'win32' })).toEqual({ policy: {}, source: null, problem: null })
    const wrong = parseRegQuery('    PayrollAddressLocked    REG_SZ    yes\r\n    DailyQuota    REG_DWORD    0x64\r\n')
    expect(wrong).toEqual({ PayrollAddressLocked: 'yes', DailyQuota: 100 })
    const reading = await readMachinePolicy({ ...nothing, platform: 'win32', regQuery: async () => '    PayrollAddressLocked    REG_SZ    yes\r\n    DailyQuota    REG_DWORD    0x64' })
    expect(reading.policy).toEqual({})
    expect(reading.problem).toMatch(/not applied: PayrollAddressLocked: PayrollAddressLocked must be true or false/)
  })

  it('macOS: the managed preferences an MDM profile installs for the app id (plutil’s JSON)', async () => {
    const asked: string[] = []
    const reading = await readMachinePolicy({
      ...nothing,
      platform: 'darwin',
      plistAsJson: async (file) => (asked.push(file), JSON.stringify({ PayrollAddress: 'https://payroll.example.co.nz/', Updates: 'on', AllowUpdateFeedFromEnvironment: false }))
    })
    expect(asked).toEqual([`/Library/Managed Preferences/${APP_ID}.plist`])
    expect(reading).toMatchObject({ problem: null, policy: { PayrollAddress: 'https://payroll.example.co.nz', Updates: 'on', AllowUpdateFeedFromEnvironment: false } })
  })

  describe('Linux: /etc/leave-desk/policy.json (the real file reader, on a fixture file)', () => {
    let dir = ''
    afterAll(() => rm(dir, { recursive: true, force: true }))
    const readFixture = async (text: string | null) => {
      dir ||= await mkdtemp(path.join(tmpdir(), 'leave-desk-policy-'))
      const file = path.join(dir, `policy-${Math.random()}.json`)
      if (text !== null) await writeFile(file, text)
      return readMachinePolicy({ ...osPolicyReaders(APP_ID, file), platform: 'linux' })
    }

    it('reads the keys it knows', async () => {
      expect(LINUX_POLICY_FILE).toBe('/etc/leave-desk/policy.json')
      const reading = await readFixture(JSON.stringify({ PracticeAllowed: false, TeamServerAddress: 'https://team.office', LogLevel: 'warn' }))
      expect(reading).toMatchObject({ problem: null, policy: { PracticeAllowed: false, TeamServerAddress: 'https://team.office', LogLevel: 'warn' } })
    })

    it('no file: no policy; damaged JSON, an unknown (misspelt) key or an insecure address: reported, none of it applied', async () => {
      expect(await readFixture(null)).toMatchObject({ policy: {}, problem: null })
      const damaged = await readFixture('{"PayrollAddress": "https://payroll.office",')
      expect(damaged).toMatchObject({ policy: {}, problem: expect.stringMatching(/is not valid JSON; it is not applied/) })
      const misspelt = await readFixture(JSON.stringify({ PayrollAddress: 'https://payroll.office', PayrollAdressLocked: true }))
      expect(misspelt).toMatchObject({ policy: {}, problem: expect.stringMatching(/unknown key PayrollAdressLocked/) })
      const insecure = await readFixture(JSON.stringify({ PayrollAddress: 'http://payroll.office', DailyQuota: 100 }))
      expect(insecure).toMatchObject({ policy: {}, problem: expect.stringMatching(/PayrollAddress: API address must start with https/) })
    })
  })
})

describe('the Group Policy templates (build/policies)', () => {
  it('name exactly the keys the app reads, each with its words in the ADML', async () => {
    const { readFile } = await import('node:fs/promises')
    const root = path.resolve(__dirname, '../../build/policies')
    const admx = await readFile(path.join(root, 'LeaveDesk.admx'), 'utf8')
    const adml = await readFile(path.join(root, 'en-US', 'LeaveDesk.adml'), 'utf8')
    const valueNames = [...new Set([...admx.matchAll(/valueName="([^"]+)"/g)].map((match) => match[1]))].sort()
    expect(valueNames).toEqual([...POLICY_KEYS].sort())
    for (const key of POLICY_KEYS) expect(adml).toContain(`<string id="${key}_Explain">`)
    expect(admx).toContain('key="SOFTWARE\\Policies\\LeaveDesk"')
  })
})
