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

export function simpleProblem(status: number, name: string, title: string, detail: string): ProblemDetails {
  return { type: typeUri(name), title, status, detail }
}

/** A change the sandbox could not make durable: 507 when the disk is full, else 500. Nothing was stored. */
export function notStoredProblem(failure: CommitFailure): ProblemDetails {
  return failure.diskFull
    ? simpleProblem(507, 'disk-full', 'Insufficient Storage', failure.message)
    : simpleProblem(500, 'not-stored', 'Internal Server Error', failure.message)
}
