/**
 * RFC 9457 problem details for every API error the sandbox sends. Each carries a plain-language detail
 * naming what was wrong, and field-level `errors` (the shared validation shape) when the problem is in
 * the request's fields.
 */
import { validationProblem, type ProblemDetails } from '../../shared/codecs/problemDetails'

import type { CommitFailure } from './stateCommits'

export { validationProblem, type ProblemDetails }

/** The exact sentence the live API sends for a stale PUT; clients recognise it. */
export const STALE_RECORD_MESSAGE = 'Record to be updated has changed since last read.'

const typeUri = (name: string) => `urn:leave-desk:problem:${name}`

export function fieldProblem(field: string, message: string): ProblemDetails {
  return validationProblem([{ field, message }])
}

export function staleProblem(): ProblemDetails {
  return {
    type: typeUri('stale-record'),
    title: STALE_RECORD_MESSAGE,
    status: 400,
    detail: STALE_RECORD_MESSAGE,
    errors: [{ field: 'LastModifiedDateUtc', message: STALE_RECORD_MESSAGE }]
  }
}

/**
 * A PUT whose LastModifiedDateUtc is the record's current one with fraction digits cut off: the record has
 * not changed, but the value was not sent back as read, so the sandbox cannot tell it from an older version
 * written in the same second. Not the stale sentence, so the client's author sees what to fix.
 */
export function lostDigitsProblem(current: string): ProblemDetails {
  return fieldProblem(
    'LastModifiedDateUtc',
    `LastModifiedDateUtc must be sent back exactly as it was read (${current}, to the 100 ns); the value sent has lost digits of it.`
  )
}

export function simpleProblem(status: number, name: string, title: string, detail: string): ProblemDetails {
  return { type: typeUri(name), title, status, detail }
}

/** A change the sandbox could not make durable: 507 when the disk is full, else 500. Nothing was stored. */
export function notStoredProblem(failure: CommitFailure): ProblemDetails {
  return failure.diskFull
    ? simpleProblem(507, 'disk-full', 'Insufficient Storage', failure.message)
    : simpleProblem(500, 'not-stored', 'Internal Server Error', failure.message)
}
