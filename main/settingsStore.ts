import { readFile } from 'node:fs/promises'
import { fail, ok, type ApiResult } from '../shared/apiError'
import { DEFAULT_SETTINGS, settingsSchema, type Settings } from '../shared/ipc/settings'
import { writeFileAtomically } from './auth/atomicFileWrite'

/**
 * The clerk's settings as a small JSON file in the user-data folder. Read once at start-up: a missing
 * file means defaults, and a damaged one never stops the app; each field that does not parse falls back
 * to its default on its own, so one bad value does not throw away the others. Writes are atomic and
 * happen one at a time, in call order.
 */
export interface SettingsStore {
  current(): Settings
  /**
   * Merges an already-validated patch, saves it, and answers the settings now in force. The owner of
   * the first database is fixed when the file is first read: a patch naming it is not applied.
   */
  update(patch: Partial<Omit<Settings, 'firstDatabaseAddress'>>): Promise<ApiResult<Settings>>
}

export async function openSettingsStore(options: { filePath: string; warn?: (message: string) => void }): Promise<SettingsStore> {
  const warn = options.warn ?? (() => {})
  let settings = await load(options.filePath, warn)
  let queue: Promise<unknown> = Promise.resolve()

  const save = async (next: Settings): Promise<ApiResult<Settings>> => {
    try {
      await writeFileAtomically(options.filePath, Buffer.from(`${JSON.stringify({ version: 1, settings: next }, null, 2)}\n`))
    } catch (error) {
      warn(`Could not save settings: ${error instanceof Error ? error.message : String(error)}`)
      return fail({ code: 'internal', message: 'The settings could not be saved.' })
    }
    settings = next
    return ok(next)
  }

  return {
    current: () => settings,
    update(patch) {
      const run = queue.then(() => {
        const merged = settingsSchema.safeParse({ ...settings, ...patch, firstDatabaseAddress: settings.firstDatabaseAddress })
        if (!merged.success) {
          const issue = merged.error.issues[0]
          return fail({ code: 'bad-input', message: issue?.message ?? 'The settings are not valid.' })
        }
        return save(merged.data)
      })
      queue = run.catch(() => undefined)
      return run
    }
  }
}

async function load(filePath: string, warn: (message: string) => void): Promise<Settings> {
  let text: string
  try {
    text = await readFile(filePath, 'utf8')
  } catch {
    return { ...DEFAULT_SETTINGS }
  }
  let stored: unknown
  try {
    stored = (JSON.parse(text) as { settings?: unknown } | null)?.settings
  } catch {
    warn('The settings file is not valid JSON; using the defaults.')
    return { ...DEFAULT_SETTINGS }
  }
  return fieldByField(stored, warn)
}

function fieldByField(stored: unknown, warn: (message: string) => void): Settings {
  const source = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {}
  const result: Record<string, unknown> = { ...DEFAULT_SETTINGS }
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
    if (!(key in source)) continue
    const parsed = settingsSchema.shape[key].safeParse(source[key])
    if (parsed.success) result[key] = parsed.data
    else warn(`The stored setting ${key} is not valid; using its default.`)
  }
  return fromEarlierRelease(source, result as Settings)
}

/**
 * A file written before the welcome step and drafts kept per payroll: a remote address it names was the
 * clerk's choice, and the drafts database of that time belongs to that address (or to Practice).
 */
function fromEarlierRelease(source: Record<string, unknown>, settings: Settings): Settings {
  const upgraded = { ...settings }
  if (!('payrollChosen' in source)) upgraded.payrollChosen = settings.apiBaseUrl !== null
  if (!('firstDatabaseAddress' in source)) upgraded.firstDatabaseAddress = settings.apiBaseUrl
  return upgraded
}
