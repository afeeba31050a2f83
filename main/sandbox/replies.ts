import type { FastifyReply, FastifyRequest } from 'fastify'
import { responseFormatOf } from './acceptedFormat'
import type { ProblemDetails } from '../../shared/codecs/problemDetails'
import { xmlOf, type BodyKind } from './xmlBodies'

/** Sends a body in the format the request's Accept header asks for. */
export function sendBody(request: FastifyRequest, reply: FastifyReply, status: number, kind: BodyKind, body: unknown) {
  const { format, mediaType } = responseFormatOf(request.headers.accept)
  const text = format === 'xml' ? xmlOf(kind, body) : JSON.stringify(body)
  return reply.code(status).type(`${mediaType}; charset=utf-8`).send(text)
}

/** Sends an RFC 9457 problem, as problem+xml when the client asked for XML. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: ProblemDetails) {
  const { format } = responseFormatOf(request.headers.accept)
  if (format === 'xml') return reply.code(problem.status).type('application/problem+xml; charset=utf-8').send(xmlOf('problem', problem))
  return reply.code(problem.status).type('application/problem+json; charset=utf-8').send(JSON.stringify(problem))
}
