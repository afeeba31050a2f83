import type { FastifyInstance, RouteHandlerMethod } from 'fastify'
import { fieldProblem } from '../problems'
import { booleanParam, wholeNumberParam } from '../queryValues'
import { sendBody, sendProblem } from '../replies'
import { fileOf, queryOf } from '../requestFile'
import type { SandboxContext } from '../sandboxContext'

/** The lists a clerk picks from: leave pay items, contacts (paged) and employees with their balances. */
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 25

export function registerListRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/Payroll/Entitlements', async (request, reply) => {
    return sendBody(request, reply, 200, 'pay-items', { Items: context.leaves.payItems(fileOf(request)) })
  })

  const listContacts: RouteHandlerMethod = async (request, reply) => {
    const query = queryOf(request)
    const page = wholeNumberParam(query.page, 'Page', { fallback: 1, min: 1, max: 1_000_000 })
    if (!page.ok) return sendProblem(request, reply, fieldProblem(page.field, page.message))
    const size = wholeNumberParam(query.pagesize, 'PageSize', { fallback: DEFAULT_PAGE_SIZE, min: 1, max: MAX_PAGE_SIZE })
    if (!size.ok) return sendProblem(request, reply, fieldProblem(size.field, size.message))
    const start = (page.value - 1) * size.value
    const contacts = context.leaves.contacts(fileOf(request)).slice(start, start + size.value)
    return sendBody(request, reply, 200, 'contacts', { Contacts: contacts, _links: [] })
  }
  // Live SDKs use both spellings.
  app.get('/Contacts', listContacts)
  app.get('/Contact', listContacts)

  app.get('/Payroll/Employees', async (request, reply) => {
    const query = queryOf(request)
    const active = booleanParam(query.isactive, 'IsActive')
    if (!active.ok) return sendProblem(request, reply, fieldProblem(active.field, active.message))
    const balances = booleanParam(query.includeleavebalances, 'IncludeLeaveBalances')
    if (!balances.ok) return sendProblem(request, reply, fieldProblem(balances.field, balances.message))
    const employees = context.leaves
      .employees(fileOf(request), balances.value === true)
      .filter((e) => active.value === undefined || e.IsActive === active.value)
    return sendBody(request, reply, 200, 'employees', { Employees: employees, _links: [] })
  })
}
