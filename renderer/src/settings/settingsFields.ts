import { settingsSchema, type SettingsPatch } from '../../../shared/ipc'

/**
 * The settings screen's fields as the clerk types them (text), checked by the same zod schema main
 * saves with, so a message on the field is exactly the one main would give. A number field turns its
 * text into a number first; text that is not a number becomes NaN, which the schema names plainly.
 */
export const ADDRESS_FIELDS = ['apiBaseUrl'] as const
export const NUMBER_FIELDS = ['requestsPerSecond', 'dailyQuota', 'defaultHoursPerDay'] as const
export type NumberField = (typeof NUMBER_FIELDS)[number]
export type TextField = 'apiBaseUrl' | NumberField

/** The vendor's production API, offered first. */
export const PRODUCTION_API_ADDRESS = 'https://api.saasu.com'

export function parseNumberText(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text.trim().replace(/,/g, ''))
}

/** The schema's message for this value of the field, or null when it is fine. */
export function fieldProblem(field: TextField, text: string): string | null {
  const value = field === 'apiBaseUrl' ? text.trim() : parseNumberText(text)
  if (field === 'apiBaseUrl' && value === '') return 'Enter the address of your payroll service.'
  const parsed = settingsSchema.shape[field].safeParse(value)
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'This value is not valid.')
}

/** The address as main will store it (no trailing slash), or null while it is not valid. */
export function normalisedAddress(text: string): string | null {
  const parsed = settingsSchema.shape.apiBaseUrl.safeParse(text.trim())
  return parsed.success ? parsed.data : null
}

export interface SettingsDraft {
  /** 'practice' or 'payroll'; the address is used only with 'payroll'. */
  target: 'practice' | 'payroll'
  apiBaseUrl: string
  bodyFormat: 'json' | 'xml'
  requestsPerSecond: string
  dailyQuota: string
  defaultHoursPerDay: string
}

export type DraftProblems = Partial<Record<TextField, string>>

export function draftProblems(draft: SettingsDraft): DraftProblems {
  const problems: DraftProblems = {}
  const fields: TextField[] = draft.target === 'payroll' ? ['apiBaseUrl', ...NUMBER_FIELDS] : [...NUMBER_FIELDS]
  for (const field of fields) {
    const problem = fieldProblem(field, draft[field])
    if (problem) problems[field] = problem
  }
  return problems
}

/** The patch to save, once draftProblems() found nothing. */
export function patchOf(draft: SettingsDraft): SettingsPatch {
  return {
    apiBaseUrl: draft.target === 'practice' ? null : normalisedAddress(draft.apiBaseUrl),
    bodyFormat: draft.bodyFormat,
    requestsPerSecond: parseNumberText(draft.requestsPerSecond),
    dailyQuota: parseNumberText(draft.dailyQuota),
    defaultHoursPerDay: parseNumberText(draft.defaultHoursPerDay),
    payrollChosen: true
  }
}
