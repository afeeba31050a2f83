import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
import { contactFilterOf } from '../contactFilters'
import { pageOf, pageRequestOf } from '../paging'
import { fieldProblem, simpleProblem } from '../problems'
import { booleanParam, calendarDateParam } from '../queryValues'
import { sendBody, sendProblem } from '../replies'
import { fileOf, queryOf, spellingOf } from '../requestFile'
import type { SandboxContext } from '../sandboxContext'

/**
 * The lists a clerk picks from: leave pay items, contacts (filtered) and employees with their balances,
 * each paged alike (`Page`, `PageSize`, `_links`), and one contact or employee by id.
 */
export function registerListRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/Payroll/Entitlements', async (request, reply) => {
    const paging = pageRequestOf(request)
    if (!paging.ok) return sendProblem(request, reply, fieldProblem(paging.field, paging.message))
    const { items, links } = pageOf(request, context.leaves.payItems(fileOf(request)), paging.page, paging.size)
    return sendBody(request, reply, 200, 'pay-items', { Items: items, _links: links })
  })

  const listContacts: RouteHandlerMethod = async (request, reply) => {
    const paging = pageRequestOf(request)
    if (!paging.ok) return sendProblem(request, reply, fieldProblem(paging.field, paging.message))
    const filter = contactFilterOf(queryOf(request), spellingOf(request))
    if (!filter.ok) return sendProblem(request, reply, fieldProblem(filter.field, filter.message))
    const matching = context.leaves.contacts(fileOf(request)).filter(filter.matches)
    const { items, links } = pageOf(request, matching, paging.page, paging.size)
    return sendBody(request, reply, 200, 'contacts', { Contacts: items, _links: links })
  }
  // Live SDKs use both spellings.
  app.get('/Contacts', listContacts)
  app.get('/Contact', listContacts)

  app.get('/Contact/:id', async (request, reply) => {
    const id = idOf(request, reply, 'contact')
    if (id === null) return reply
    const contact = context.leaves.contact(fileOf(request), id)
    if (!contact) return notFound(request, reply, `There is no contact ${id} in file ${fileOf(request)}.`)
    return sendBody(request, reply, 200, 'contact', { ...contact, _links: [] })
  })

  const listEmployees: RouteHandlerMethod = async (request, reply) => {
    const query = queryOf(request)
    const paging = pageRequestOf(request)
    if (!paging.ok) return sendProblem(request, reply, fieldProblem(paging.field, paging.message))
    const active = booleanParam(query.isactive, 'IsActive')
    if (!active.ok) return sendProblem(request, reply, fieldProblem(active.field, active.message))
    const balances = booleanParam(query.includeleavebalances, 'IncludeLeaveBalances')
    if (!balances.ok) return sendProblem(request, reply, fieldProblem(balances.field, balances.message))
    const asAt = calendarDateParam(query.leavebalanceasatdate, 'LeaveBalanceAsAtDate')
    if (!asAt.ok) return sendProblem(request, reply, fieldProblem(asAt.field, asAt.message))
    const employees = context.leaves
      .employees(fileOf(request), { withBalances: balances.value === true, ...(asAt.value ? { asAt: asAt.value } : {}) })
      .filter((e) => active.value === undefined || e.IsActive === active.value)
    const { items, links } = pageOf(request, employees, paging.page, paging.size)
    return sendBody(request, reply, 200, 'employees', { Employees: items, _links: links })
  }
  app.get('/Payroll/Employees', listEmployees)
  // The singular path lists too: a public client lists employees through it.
  app.get('/Payroll/Employee', listEmployees)

  app.get('/Payroll/Employee/:id', async (request, reply) => {
    const id = idOf(request, reply, 'employee')
    if (id === null) return reply
    const query = queryOf(request)
    const balances = booleanParam(query.includeleavebalances, 'IncludeLeaveBalances')
    if (!balances.ok) return sendProblem(request, reply, fieldProblem(balances.field, balances.message))
    const asAt = calendarDateParam(query.leavebalanceasatdate, 'LeaveBalanceAsAtDate')
    if (!asAt.ok) return sendProblem(request, reply, fieldProblem(asAt.field, asAt.message))
    const fileId = fileOf(request)
    // The single record carries the balances unless asked not to: a client reading one employee wants them.
    const employee = context.leaves
      .employees(fileId, { withBalances: balances.value !== false, ...(asAt.value ? { asAt: asAt.value } : {}) })
      .find((e) => e.Id === id)
    if (!employee) return notFound(request, reply, `There is no employee ${id} in file ${fileId}.`)
    return sendBody(request, reply, 200, 'employee', { ...employee, _links: [] })
  })
}

function idOf(request: FastifyRequest, reply: FastifyReply, what: string): number | null {
  const raw = (request.params as { id?: string }).id ?? ''
  if (/^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647) return Number(raw)
  void sendProblem(request, reply, fieldProblem('Id', `"${raw.slice(0, 40)}" is not a ${what} id (a positive whole number).`))
  return null
}

function notFound(request: FastifyRequest, reply: FastifyReply, detail: string) {
  return sendProblem(request, reply, simpleProblem(404, 'not-found', 'Not Found', detail))
}
