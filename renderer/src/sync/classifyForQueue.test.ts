import { describe, expect, it } from 'vitest'
import { API_ERROR_CODES, type ApiErrorCode } from '../../../shared/apiError'
import { classifyForQueue, errorForDraft, INTERNAL_PROBLEM_MESSAGE } from './classifyForQueue'

describe('classifyForQueue', () => {
  it.each([
    ['network', { kind: 'retry', stopsBatch: true }],
    ['server', { kind: 'retry', stopsBatch: false }],
    ['rate-limited', { kind: 'retry', stopsBatch: false }],
    ['unavailable', { kind: 'retry', stopsBatch: false }],
    ['unauthorized', { kind: 'pause', reason: 'signed-out' }],
    ['signed-out', { kind: 'pause', reason: 'signed-out' }],
    ['quota-exhausted', { kind: 'pause', reason: 'quota' }],
    ['validation', { kind: 'needs-attention' }],
    ['forbidden', { kind: 'needs-attention' }],
    ['not-found', { kind: 'needs-attention' }],
    ['conflict', { kind: 'needs-attention' }],
    ['bad-input', { kind: 'needs-attention' }],
    ['internal', { kind: 'needs-attention' }],
    ['unknown-outcome', { kind: 'uncertain' }]
  ] as const)('%s → %j', (code, decision) => {
    expect(classifyForQueue({ code, message: 'x' })).toEqual(decision)
  })

  it('reads a code it does not know (from a newer main) as uncertain: the safe reading, never a blind retry', () => {
    expect(API_ERROR_CODES).not.toContain('teapot')
    expect(classifyForQueue({ code: 'teapot' as ApiErrorCode, message: 'x' })).toEqual({ kind: 'uncertain' })
  })

  it('gives the clerk a plain sentence instead of Leave Desk’s internal text', () => {
    expect(errorForDraft({ code: 'internal', message: 'TypeError: x is undefined' }).message).toBe(INTERNAL_PROBLEM_MESSAGE)
    expect(errorForDraft({ code: 'validation', message: 'Hours must be positive.' }).message).toBe('Hours must be positive.')
  })
})
