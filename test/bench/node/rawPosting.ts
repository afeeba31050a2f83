import { Agent, request } from 'undici'
import { checkLeaveRequest } from '../../../shared/leaveRules'
import { DEMO_CREDENTIALS } from '../../../main/sandbox'
import { leaveRequestBody } from '../../../main/api/leaveRequestBody'
import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'
import { draftToLeaveRequest } from '../../../renderer/src/drafts/draftToLeaveRequest'
import { machineOffsetMinutes } from '../../../renderer/src/drafts/draftToLeaveRequest'
import { BENCH_FILE_ID, benchDraftContent } from '../shared/benchDrafts'

/**
 * The baseline the queue is compared with: the same leave requests posted straight from Node with
 * undici, a bearer token and `concurrency` requests in flight, with none of the queue's work (no
 * database, no IPC, no re-checks, no outcome bookkeeping).
 */
export interface RawRun {
  ms: number
  /** Responses by HTTP status. */
  statuses: Record<number, number>
}

/** The leave requests the queue hands main for drafts 0…count-1 of run `runTag`. */
export function benchInserts(runTag: string, count: number): LeaveRequestInsert[] {
  return Array.from({ length: count }, (_, n) => {
    const checked = checkLeaveRequest(draftToLeaveRequest(benchDraftContent(runTag, n), machineOffsetMinutes))
    if (!checked.ok) throw new Error(`Bench draft ${n} does not pass the shared rules: ${checked.error[0]?.message ?? ''}`)
    return checked.value
  })
}

/** The JSON bodies the queue would post for drafts 0…count-1 of run `runTag`. */
export function rawBodies(runTag: string, count: number): string[] {
  return benchInserts(runTag, count).map((insert) => leaveRequestBody(insert, 'insert', 'json'))
}

export async function postRaw(baseUrl: string, bodies: readonly string[], concurrency: number): Promise<RawRun> {
  const dispatcher = new Agent({ connect: { timeout: 10_000 } })
  try {
    const token = await bearerToken(baseUrl, dispatcher)
    const url = `${baseUrl}/Payroll/LeaveRequest?FileId=${BENCH_FILE_ID}`
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' }
    const statuses: Record<number, number> = {}
    let next = 0
    const worker = async () => {
      while (next < bodies.length) {
        const body = bodies[next++] as string
        const response = await request(url, { method: 'POST', dispatcher, headers, body })
        await response.body.text()
        statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1
      }
    }
    const started = performance.now()
    await Promise.all(Array.from({ length: concurrency }, worker))
    return { ms: performance.now() - started, statuses }
  } finally {
    await dispatcher.close()
  }
}

async function bearerToken(baseUrl: string, dispatcher: Agent): Promise<string> {
  const { username, password } = DEMO_CREDENTIALS.clerk
  const response = await request(`${baseUrl}/authorisation/token`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ grant_type: 'password', username, password, scope: 'full' })
  })
  const answer = (await response.body.json()) as { access_token?: unknown }
  if (response.statusCode !== 200 || typeof answer.access_token !== 'string') throw new Error(`No bearer token (HTTP ${response.statusCode}).`)
  return answer.access_token
}
