import type { FastifyReply, FastifyRequest } from 'fastify'
import { checkAccess } from './apiAccess'
import { simpleProblem } from './problems'
import { sendProblem } from './replies'
import { admitToFile, queryOf } from './requestFile'
import type { SandboxContext } from './sandboxContext'
import type { FaultRule } from './types'

/**
 * What stands between a parsed request and its handler: an injected fault, then (API routes) the access
 * check and the per-file limits. Each gate either lets the request through or answers it.
 */

const dropAfterCommit = new WeakSet<FastifyRequest>()

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
      const title = fault.status === 429 ? 'Too Many Requests' : fault.status === 503 ? 'Service Unavailable' : 'Internal Server Error'
      return sendProblem(request, reply, simpleProblem(fault.status, 'injected-fault', title, `Injected fault: ${title}.`))
    }
    case 'reset-before-commit':
      // The body has been read; nothing is stored and the client gets no answer at all.
      return abandon(request, reply)
    case 'drop-after-commit':
      dropAfterCommit.add(request)
      return
  }
}

function abandon(request: FastifyRequest, reply: FastifyReply) {
  reply.hijack()
  request.raw.socket.destroy()
  return reply
}

/** Called as the answer is about to go out: a request marked drop-after-commit loses its connection instead. */
export function dropIfAsked(request: FastifyRequest): void {
  if (dropAfterCommit.has(request)) request.raw.socket.destroy()
}

export async function checkApiAccess(context: SandboxContext, request: FastifyRequest, reply: FastifyReply) {
  const access = checkAccess(context, request.headers.authorization, queryOf(request))
  if (!access.ok) {
    if (access.wwwAuthenticate) reply.header('www-authenticate', access.wwwAuthenticate)
    return sendProblem(request, reply, access.problem)
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
