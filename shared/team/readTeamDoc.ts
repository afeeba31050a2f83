import type { z } from 'zod'

/**
 * Every document read from the team database goes through here before anything looks at it: a colleague's
 * Leave Desk of another release, a hand-edited document or a hostile one must never crash this one or
 * slip a wrong value into a check. A document that is too large, carries a key that could reach an
 * object's prototype, or does not fit its schema is set aside with a reason (logged and counted on the
 * status line), never thrown.
 */

/** Far above any real request (200 day lines with notes is about 20 KB). */
export const MAX_TEAM_DOC_CHARS = 64 * 1024
const MAX_DEPTH = 12
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

export type TeamDocReading<T> = { ok: true; doc: T } | { ok: false; id: string; reason: string }

export function readTeamDoc<T>(raw: unknown, schema: z.ZodType<T>): TeamDocReading<T> {
  const id = idOf(raw)
  const shape = measureShape(raw)
  if (typeof shape === 'string') return { ok: false, id, reason: shape }
  if (shape.chars > MAX_TEAM_DOC_CHARS) return { ok: false, id, reason: `it is too large (${shape.chars} characters)` }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, id, reason: `${issue?.path.join('.') || 'the document'}: ${issue?.message ?? 'not a valid document'}` }
  }
  return { ok: true, doc: parsed.data }
}

function idOf(raw: unknown): string {
  const id = typeof raw === 'object' && raw !== null ? (raw as { _id?: unknown })._id : undefined
  return typeof id === 'string' ? id.slice(0, 200) : '(no id)'
}

/**
 * Iterative, bounded: a deep or wide hostile value cannot exhaust the stack. Counts the document's size as
 * it goes (keys and values, about its JSON length without escapes), so a replica taking in 100,000
 * documents does not serialise each one again only to measure it. A problem comes back as its reason.
 */
function measureShape(raw: unknown): { chars: number } | string {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return 'it is not a document'
  const pending: { value: unknown; depth: number }[] = [{ value: raw, depth: 0 }]
  let visited = 0
  let chars = 0
  while (pending.length > 0) {
    const { value, depth } = pending.pop() as { value: unknown; depth: number }
    if (typeof value === 'string') chars += value.length + 3
    else if (typeof value === 'number' || typeof value === 'boolean') chars += 6
    if (typeof value !== 'object' || value === null) continue
    if (depth > MAX_DEPTH) return 'it is nested too deeply'
    if (++visited > 20_000) return 'it is too large'
    if (Object.getPrototypeOf(value) !== Object.prototype && !Array.isArray(value)) return 'it holds something that is not plain data'
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) return `it has a key named ${key}`
      chars += key.length + 4
      pending.push({ value: (value as Record<string, unknown>)[key], depth: depth + 1 })
    }
  }
  return { chars }
}
