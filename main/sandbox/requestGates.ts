import { STATUS_CODES } from 'node:http'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { checkAccess, checkAccountAccess } from './apiAccess'
import { simpleProblem } from './problems'
import { sendProblem } from './replies'
import { admitToAccount, admitToFile, queryOf } from './requestFile'
import type { SandboxContext } from './sandboxContext'
import type { FaultRule } from './types'

/**
 * What stands between a parsed request and its handler: an injected fault, then (API routes) the access
 * check and the per-file limits. Each gate either lets the request through or answers it.
 */

const dropAfterCommit = new WeakSet<FastifyRequest>()
const gatewayAfterCommit = new WeakMap<FastifyRequest, 502 | 504>()
const replacedAfterCommit = new WeakMap<FastifyRequest, { status: number; location?: string }>()

export async function applyFault(context: SandboxContext, request: FastifyRequest, reply: FastifyReply, fault: FaultRule | null) {
  if (!fault) return
  switch (fault.kind) {
    case 'latency':
      // A client that gave up meanwhile does not stop the request (the live server carries on too); only
      // the sandbox closing does.
      if (await context.delay(fault.ms)) return
      return abandon(request, reply)
    case 'status': {
      if (fault.retryAfter !== undefined) reply.header('retry-after', fault.retryAfter)
      const title = STATUS_CODES[fault.status] ?? 'Error'
      return sendProblem(request, reply, simpleProblem(fault.status, 'injected-fault', title, `Injected fault: ${title}.`))
    }
    case 'reset-before-commit':
      // The body has been read; nothing is stored and the client gets no answer at all.
      return abandon(request, reply)
    case 'drop-after-commit':
      dropAfterCommit.add(request)
      return
    case 'gateway-after-commit':
      gatewayAfterCommit.set(request, fault.status)
      return
    case 'answer-after-commit':
      replacedAfterCommit.set(request, { status: fault.status, ...(fault.location ? { location: fault.location } : {}) })
      return
  }
}

function abandon(request: FastifyRequest, reply: FastifyReply) {
  reply.hijack()
  request.raw.socket.destroy()
  return reply
}

const GATEWAY_TITLES = { 502: 'Bad Gateway', 504: 'Gateway Time-out' } as const

/**
 * Called as the answer is about to go out, after the handler stored what it stores: a request marked
 * drop-after-commit loses its connection instead, and one marked gateway-after-commit gets the kind of
 * HTML page a proxy sends when it lost payroll's answer.
 */
export function answerAfterCommit(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (dropAfterCommit.has(request)) request.raw.socket.destroy()
  const replaced = replacedAfterCommit.get(request)
  if (replaced) return replacedAnswer(request, reply, replaced)
  const gateway = gatewayAfterCommit.get(request)
  if (gateway === undefined) return payload
  reply.code(gateway)
  reply.header('content-type', 'text/html; charset=utf-8')
  return `<html><head><title>${gateway} ${GATEWAY_TITLES[gateway]}</title></head><body><h1>${GATEWAY_TITLES[gateway]}</h1></body></html>`
}

function replacedAnswer(request: FastifyRequest, reply: FastifyReply, replaced: { status: number; location?: string }): string {
  reply.code(replaced.status)
  if (replaced.status < 400) {
    reply.header('location', replaced.location ?? request.url)
    reply.header('content-type', 'text/plain; charset=utf-8')
    return ''
  }
  const title = STATUS_CODES[replaced.status] ?? 'Error'
  reply.header('content-type', 'application/problem+json; charset=utf-8')
  return JSON.stringify(simpleProblem(replaced.status, 'injected-fault', title, `Injected fault after the request was stored: ${title}.`))
}

export async function checkApiAccess(context: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  if ((request.routeOptions.config as { account?: boolean } | undefined)?.account) return checkAccountRoute(context, request, reply)
  const access = checkAccess(context, request.headers.authorization, queryOf(request))
  if (!access.ok) {
    if (access.wwwAuthenticate) reply.header('www-authenticate', access.wwwAuthenticate)
    return sendProblem(request, reply, access.problem)
  }
  if (isPayrollRoute(request) && context.users.some((user) => user.username === access.username && user.payroll === false)) {
    const detail = `This user has no access to payroll in file ${access.fileId}; the file's administrator can give it.`
    return sendProblem(request, reply, simpleProblem(403, 'forbidden', 'Forbidden', detail))
  }
  const admitted = context.limiter.admit(access.fileId)
  if (!admitted.ok) {
    reply.header('retry-after', String(admitted.retryAfterSeconds))
    const detail =
      admitted.reason === 'quota'
        ? `The daily request quota of file ${access.fileId} is used up; the file is blocked until the day ends.`
        : `Too many requests to file ${access.fileId}; slow down.`
    return sendProblem(request, reply, simpleProblem(429, admitted.reason === 'quota' ? 'daily-quota' : 'rate-limit', 'Too Many Requests', detail))
  }
  admitToFile(request, access.fileId)
}

/** Routes about the account, not one file: no FileId, and no per-file limit applies. */
async function checkAccountRoute(context: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const access = checkAccountAccess(context, request.headers.authorization, queryOf(request))
  if (!access.ok) {
    if (access.wwwAuthenticate) reply.header('www-authenticate', access.wwwAuthenticate)
    return sendProblem(request, reply, access.problem)
  }
  admitToAccount(request, access.fileIds)
}

function isPayrollRoute(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? '').toLowerCase().startsWith('/payroll/')
}
