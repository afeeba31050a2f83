import type { IncomingMessage, ServerResponse } from 'node:http'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { RestartableServer } from './restartableServer'
import { answerClientError } from './clientErrors'
import { readRequestBody, unsupportedType } from './requestBodies'
import { routeKeyOf } from './routeKey'
import { registerFileIdentityRoutes } from './routes/fileIdentityRoutes'
import { registerLeaveRequestRoutes } from './routes/leaveRequestRoutes'
import { registerListRoutes } from './routes/listRoutes'
import { oauthError, registerTokenRoutes, TOKEN_PATHS } from './routes/tokenRoutes'
import type { SandboxContext } from './sandboxContext'
import { fieldProblem, simpleProblem } from './problems'
import { API_VERSION } from '../../shared/apiVersion'
import { sendProblem } from './replies'
import { applyFault, checkApiAccess, answerAfterCommit } from './requestGates'

/** Bodies larger than this are refused with 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * Builds the Fastify app: case-insensitive paths and query-parameter names, the four body types, faults,
 * access checks and limits as hooks, and error handlers that turn any bad input into a named 4xx.
 */
export function createSandboxApp(
  context: SandboxContext,
  listener: (handler: RequestHandler) => RestartableServer,
  requestTimeoutMs: number
): FastifyInstance {
  const app = Fastify({
    logger: false,
    clientErrorHandler: (error, socket) => answerClientError(error, socket, requestTimeoutMs),
    bodyLimit: BODY_LIMIT_BYTES,
    serverFactory: (handler) => listener(handler).server,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, querystringParser: lowerCasedQuery, onBadUrl: answerBadUrl }
  })
  const routes: { method: string; pattern: RegExp }[] = []
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    const pattern = new RegExp(`^${route.url.toLowerCase().replace(/:[^/]+/g, '[^/]+')}/?$`)
    for (const method of methods) routes.push({ method: String(method).toUpperCase(), pattern })
  })

  app.removeAllContentTypeParsers()
  // Bytes, not a string: Fastify's string reading would turn invalid UTF-8 and other charsets into U+FFFD.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    // A request for no route is answered 404/405 whatever its body; don't let its body decide the answer.
    if (!request.routeOptions.url) return done(null, undefined)
    const audience = isTokenRoute(request) ? 'token' : 'api'
    const reading = readRequestBody(request.headers['content-type'], body as Buffer, audience)
    if (reading.ok) return done(null, reading.value)
    done(Object.assign(new Error(reading.message), { statusCode: reading.status }), undefined)
  })

  app.addHook('onRequest', async (request) => {
    const key = routeKeyOfRequest(request)
    if (!key) return
    context.stats.recordRequest(key, request.url.split('?')[0] ?? '')
    context.stats.recordApiVersion(request.headers['x-api-version'])
  })
  app.addHook('onResponse', async (request, reply) => context.stats.recordStatus(reply.statusCode, routeKeyOfRequest(request)))
  app.addHook('preValidation', async (request, reply) => {
    const key = routeKeyOfRequest(request)
    if (!key) return
    const pathKey = routeKeyOf(`${request.method} ${request.url.split('?')[0] ?? ''}`)
    await applyFault(context, request, reply, context.faults.take(key, pathKey, isTokenRoute(request)))
  })
  app.addHook('preHandler', async (request, reply) => {
    if (!routeKeyOfRequest(request) || isTokenRoute(request)) return
    const version = request.headers['x-api-version']
    // Absent: the live API answers as 1.0 (older clients send none). Any other version is not this API.
    if (version !== undefined && version !== API_VERSION) {
      return sendProblem(request, reply, fieldProblem('X-Api-Version', `This API is version ${API_VERSION}; "${String(version).slice(0, 20)}" is not a version it has.`))
    }
    await checkApiAccess(context, request, reply)
  })
  app.addHook('onSend', async (request, reply, payload) => answerAfterCommit(request, reply, payload))

  app.setErrorHandler((error: { statusCode?: number; code?: string; message?: string }, request, reply) =>
    sendError(request, reply, error)
  )
  app.setNotFoundHandler((request, reply) => {
    const path = (request.url.split('?')[0] ?? '').toLowerCase()
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))]
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '))
      return sendProblem(request, reply, simpleProblem(405, 'method-not-allowed', 'Method Not Allowed', `${request.method} is not allowed on ${path}; use ${allowed.join(' or ')}.`))
    }
    return sendProblem(request, reply, simpleProblem(404, 'not-found', 'Not Found', `There is no ${request.method} ${path.slice(0, 200)} in this API.`))
  })

  registerTokenRoutes(app, context)
  registerLeaveRequestRoutes(app, context)
  registerListRoutes(app, context)
  registerFileIdentityRoutes(app)
  return app
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: { statusCode?: number; code?: string; message?: string }) {
  const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
  const detail = messageFor(request, status, error)
  if (isTokenRoute(request)) {
    return oauthError(reply, status === 500 ? 'server_error' : 'invalid_request', detail, status)
  }
  return sendProblem(request, reply, simpleProblem(status, problemNameOf(status), titleOf(status), detail))
}

function messageFor(request: FastifyRequest, status: number, error: { code?: string; message?: string }): string {
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const refused = unsupportedType(request.headers['content-type'], isTokenRoute(request) ? 'token' : 'api')
    return refused.ok ? 'The Content-Type is not supported.' : refused.message
  }
  if (error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') return 'The body is not as long as its Content-Length header says.'
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return `The body is larger than ${BODY_LIMIT_BYTES} bytes (1 MiB).`
  if (status === 500) return 'The sandbox failed to handle this request.'
  return (error.message ?? 'The request is not valid.').slice(0, 300)
}

const TITLES: Record<number, [string, string]> = {
  400: ['bad-request', 'Bad Request'],
  413: ['too-large', 'Content Too Large'],
  415: ['unsupported-media-type', 'Unsupported Media Type'],
  500: ['server-error', 'Internal Server Error']
}
const problemNameOf = (status: number) => TITLES[status]?.[0] ?? 'bad-request'
const titleOf = (status: number) => TITLES[status]?.[1] ?? 'Bad Request'

/** A path that cannot be decoded (`/Payroll/LeaveRequest/%zz`) never reaches Fastify's request cycle. */
function answerBadUrl(path: string, _req: IncomingMessage, res: ServerResponse): void {
  const problem = simpleProblem(400, 'bad-request', 'Bad Request', `The path "${path.slice(0, 200)}" is not a valid URL path.`)
  res.writeHead(400, { 'content-type': 'application/problem+json; charset=utf-8' })
  res.end(JSON.stringify(problem))
}

function routeKeyOfRequest(request: FastifyRequest): string | null {
  const url = request.routeOptions.url
  return url ? routeKeyOf(`${request.method} ${url}`) : null
}

function isTokenRoute(request: FastifyRequest): boolean {
  const url = request.routeOptions.url?.toLowerCase()
  return url !== undefined && TOKEN_PATHS.includes(url)
}

/** Query-parameter names are case-insensitive on the live API (`fileid`, `FileId`); the first value wins. */
function lowerCasedQuery(text: string): Record<string, string> {
  const values = new Map<string, string>()
  for (const [name, value] of new URLSearchParams(text)) {
    const key = name.toLowerCase()
    if (!values.has(key)) values.set(key, value)
  }
  return Object.fromEntries(values)
}
