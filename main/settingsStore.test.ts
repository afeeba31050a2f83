import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from '../shared/ipc'
import { openSettingsStore } from './settingsStore'

let dir: string
let filePath: string
const warnings: string[] = []
const warn = (message: string) => warnings.push(message)

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-settings-'))
  filePath = path.join(dir, 'settings.json')
  warnings.length = 0
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('openSettingsStore', () => {
  it('starts from the defaults when there is no file, without creating one', async () => {
    const store = await openSettingsStore({ filePath, warn })
    expect(store.current()).toEqual(DEFAULT_SETTINGS)
    expect(await readdir(dir)).toEqual([])
  })

  it('saves an update and reads it back in a new run', async () => {
    const store = await openSettingsStore({ filePath, warn })
    const result = await store.update({ apiBaseUrl: 'https://api.example.com', rememberedFileId: 1002 })
    expect(result).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, apiBaseUrl: 'https://api.example.com', rememberedFileId: 1002 } })
    const again = await openSettingsStore({ filePath, warn })
    expect(again.current()).toEqual(store.current())
    expect(await readdir(dir)).toEqual(['settings.json'])
  })

  it('applies concurrent updates in call order, losing none', async () => {
    const store = await openSettingsStore({ filePath, warn })
    await Promise.all([store.update({ defaultHoursPerDay: 8 }), store.update({ bodyFormat: 'xml' }), store.update({ defaultHoursPerDay: 6 })])
    const reread = await openSettingsStore({ filePath, warn })
    expect(reread.current()).toMatchObject({ defaultHoursPerDay: 6, bodyFormat: 'xml' })
  })

  it('uses the defaults for a file that is not JSON, and says so', async () => {
    await writeFile(filePath, '{ not json')
    const store = await openSettingsStore({ filePath, warn })
    expect(store.current()).toEqual(DEFAULT_SETTINGS)
    expect(warnings).toHaveLength(1)
  })

  it('keeps the valid fields of a damaged file and defaults only the bad ones', async () => {
    const settings = { apiBaseUrl: 'ftp://evil.example', bodyFormat: 'xml', dailyQuota: -5, rememberedFileId: 1001 }
    await writeFile(filePath, JSON.stringify({ version: 1, settings }))
    const store = await openSettingsStore({ filePath, warn })
    expect(store.current()).toEqual({ ...DEFAULT_SETTINGS, bodyFormat: 'xml', rememberedFileId: 1001 })
    expect(warnings.join('\n')).toMatch(/apiBaseUrl[\s\S]*dailyQuota/)
  })

  it('reads an address an earlier release stored in another spelling as its one spelling (the same payroll, the same drafts)', async () => {
    const settings = { apiBaseUrl: 'https://API.saasu.com:443/', payrollChosen: true, firstDatabaseAddress: 'https://api.saasu.com./' }
    await writeFile(filePath, JSON.stringify({ version: 1, settings }))
    const store = await openSettingsStore({ filePath, warn })
    expect(store.current()).toMatchObject({ apiBaseUrl: 'https://api.saasu.com', firstDatabaseAddress: 'https://api.saasu.com' })
  })

  it('refuses an update that would make the settings invalid and keeps the old ones', async () => {
    const store = await openSettingsStore({ filePath, warn })
    const result = await store.update({ defaultHoursPerDay: 30 })
    expect(result).toMatchObject({ ok: false, error: { code: 'bad-input' } })
    expect(store.current()).toEqual(DEFAULT_SETTINGS)
  })

  it('answers a coded error, not a throw, when the file cannot be written', async () => {
    const store = await openSettingsStore({ filePath: path.join(dir, 'settings.json', 'nested.json'), warn })
    await writeFile(path.join(dir, 'settings.json'), 'a file where a folder should be')
    const result = await store.update({ bodyFormat: 'xml' })
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(store.current()).toEqual(DEFAULT_SETTINGS)
    expect(await readFile(path.join(dir, 'settings.json'), 'utf8')).toBe('a file where a folder should be')
  })

  it('gives the drafts database of an earlier release to the remote address its settings named, and counts that as chosen', async () => {
    const settings = { apiBaseUrl: 'https://payroll.example.com', bodyFormat: 'json', rememberedFileId: 1001 }
    await writeFile(filePath, JSON.stringify({ version: 1, settings }))
    const store = await openSettingsStore({ filePath, warn })
    expect(store.current()).toMatchObject({ payrollChosen: true, firstDatabaseAddress: 'https://payroll.example.com' })
    // Moving to another address later does not move that database with it.
    await store.update({ apiBaseUrl: null })
    const reread = await openSettingsStore({ filePath, warn })
    expect(reread.current()).toMatchObject({ apiBaseUrl: null, payrollChosen: true, firstDatabaseAddress: 'https://payroll.example.com' })
  })

  it('leaves an earlier release that ran Practice to choose on the welcome step, its database staying Practice', async () => {
    await writeFile(filePath, JSON.stringify({ version: 1, settings: { apiBaseUrl: null, rememberedFileId: 1001 } }))
    const store = await openSettingsStore({ filePath, warn })
    expect(store.current()).toMatchObject({ payrollChosen: false, firstDatabaseAddress: null, rememberedFileId: 1001 })
  })

  it('never lets an update hand the first database to another payroll', async () => {
    const store = await openSettingsStore({ filePath, warn })
    const result = await store.update({ firstDatabaseAddress: 'https://elsewhere.example.com' } as never)
    expect(result).toMatchObject({ ok: true })
    expect(store.current().firstDatabaseAddress).toBeNull()
  })
})
