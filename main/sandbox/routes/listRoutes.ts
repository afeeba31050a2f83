import type { FastifyInstance, RouteHandlerMethod } from 'fastify'
import { contactFilterOf } from '../contactFilters'
import { pageOf, pageRequestOf } from '../paging'
import { fieldProblem } from '../problems'
import { booleanParam } from '../queryValues'
import { sendBody, sendProblem } from '../replies'
import { fileOf, queryOf } from '../requestFile'
import type { SandboxContext } from '../sandboxContext'

/** The lists a clerk picks from: leave pay items, contacts (filtered, paged) and employees with their balances. */

export function registerListRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/Payroll/Entitlements', async (request, reply) => {
    return sendBody(request, reply, 200, 'pay-items', { Items: context.leaves.payItems(fileOf(request)) })
  })

  const listContacts: RouteHandlerMethod = async (request, reply) => {
    const paging = pageRequestOf(request)
    if (!paging.ok) return sendProblem(request, reply, fieldProblem(paging.field, paging.message))
    const filter = contactFilterOf(queryOf(request))
    if (!filter.ok) return sendProblem(request, reply, fieldProblem(filter.field, filter.message))
    const matching = context.leaves.contacts(fileOf(request)).filter(filter.matches)
    const { items, links } = pageOf(request, matching, paging.page, paging.size)
    return sendBody(request, reply, 200, 'contacts', { Contacts: items, _links: links })
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
