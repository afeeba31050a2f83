import { leaveRequestItemSchema, leaveRequestUpdateSchema } from '../../shared/leaveRequestSchema'

/**
 * The live API names fields in its error bodies the way its server framework sees them:
 * `request.EndDate`, `request.Items[0].Date`, `endDate`, or a JSON pointer `/EndDate`. The editor keys its messages by our field
 * paths (`EndDate`, `Items.0.Date`), so every server key is mapped onto those before it leaves the client.
 */
const KNOWN_FIELDS = [
  ...Object.keys(leaveRequestUpdateSchema.shape),
  ...Object.keys(leaveRequestItemSchema.shape),
  'Id',
  'CreatedDateUtc',
  'TotalHours',
  'ProcessedInPayRunId',
  '_links'
]
const BY_LOWER_CASE = new Map(KNOWN_FIELDS.map((name) => [name.toLowerCase(), name]))

export function apiFieldName(key: string): string {
  const segments = key
    .trim()
    .replace(/\[(\d+)\]/g, '.$1')
    .split(/[./]/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '' && segment !== '$')
  // Leading segments that are not our fields are the server's parameter names (`request`, `model`).
  while (segments.length > 1 && !BY_LOWER_CASE.has((segments[0] ?? '').toLowerCase())) segments.shift()
  return segments.map((segment) => BY_LOWER_CASE.get(segment.toLowerCase()) ?? segment).join('.')
}

const TOP_LEVEL_FIELDS = new Set(Object.keys(leaveRequestUpdateSchema.shape))

/**
 * The field a sentence is about when it opens with one of the request's own field names
 * ("EndDate must be …"), if any. Item fields (`Date`, `Hours`) are left out: without a line number the
 * editor could not place them, and "Date" opens too many ordinary sentences.
 */
export function fieldNamedAtStartOf(sentence: string): string | undefined {
  const first = /^\s*([A-Za-z_][A-Za-z0-9_]*)\b/.exec(sentence)?.[1]
  return first && TOP_LEVEL_FIELDS.has(first) ? first : undefined
}
