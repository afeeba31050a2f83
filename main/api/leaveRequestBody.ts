import type { BodyFormat } from '../../shared/codecs/mediaType'
import { leaveRequestToXml } from '../../shared/codecs/xml'
import {
  leaveRequestInsertSchema,
  leaveRequestItemSchema,
  leaveRequestUpdateSchema,
  type LeaveRequestInsert,
  type LeaveRequestUpdate
} from '../../shared/leaveRequestSchema'

const INSERT_FIELDS = Object.keys(leaveRequestInsertSchema.shape)
const UPDATE_FIELDS = Object.keys(leaveRequestUpdateSchema.shape)
const ITEM_FIELDS = Object.keys(leaveRequestItemSchema.shape)

/**
 * The body we send: only the fields the insert (or update) schema allows, in the configured format.
 * Whatever else a caller's object carries at run time (Id, TotalHours, `_links`, a stored item's
 * ProcessedInPayRunId) is left out: the API refuses read-only fields, and this is the last place to stop them.
 */
export function leaveRequestBody(request: LeaveRequestInsert | LeaveRequestUpdate, mode: 'insert' | 'update', format: BodyFormat): string {
  const body = pick(request, mode === 'insert' ? INSERT_FIELDS : UPDATE_FIELDS)
  if (Array.isArray(body.Items)) body.Items = body.Items.map((item: unknown) => pick(item, ITEM_FIELDS))
  return format === 'xml' ? leaveRequestToXml(body) : JSON.stringify(body)
}

function pick(value: unknown, fields: readonly string[]): Record<string, unknown> {
  const source = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
  const out: Record<string, unknown> = {}
  for (const field of fields) {
    if (source[field] !== undefined && source[field] !== null) out[field] = source[field]
  }
  return out
}
