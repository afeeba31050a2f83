import type { FastifyInstance, RouteHandlerMethod } from 'fastify'
import { DEMO_FILE_IDENTITIES } from '../demoData'
import { pageOf, pageRequestOf } from '../paging'
import { fieldProblem } from '../problems'
import { sendProblem } from '../replies'
import { accountFilesOf } from '../requestFile'

/**
 * `GET /FileIdentities` (paged, live): the files the credentials may open, with their business names, so
 * the app can show "Harbour Cafe Pty Ltd (1001)" rather than a number. No FileId: it is about the account.
 * The vendor documents JSON only for this list, so JSON is what it answers.
 */
export function registerFileIdentityRoutes(app: FastifyInstance): void {
  const listFiles: RouteHandlerMethod = async (request, reply) => {
    const paging = pageRequestOf(request)
    if (!paging.ok) return sendProblem(request, reply, fieldProblem(paging.field, paging.message))
    const allowed = new Set(accountFilesOf(request))
    const files = DEMO_FILE_IDENTITIES.filter((file) => allowed.has(file.Id))
    const { items, links } = pageOf(request, files, paging.page, paging.size)
    const body = { FileIdentities: items.map((file) => ({ ...file, _links: [] })), _links: links }
    return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body))
  }
  app.get('/FileIdentities', { config: { account: true } }, listFiles)
}
