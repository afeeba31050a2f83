import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
import { contactFilterOf } from '../contactFilters'
import { pageOf, pageRequestOf } from '../paging'
import { fieldProblem, simpleProblem } from '../problems'
import { booleanParam, calendarDateParam } from '../queryValues'
import { sendBody, sendProblem } from '../replies'
import { fileOf, queryOf, spellingOf } from '../requestFile'
import type { SandboxContext } from '../sandboxContext'
import type { BodyKind } from '../xmlBodies'

/**
 * The lists a clerk picks from: leave pay items, contacts (filtered) and employees with their balances,
 * each paged alike (`Page`, `PageSize`, `_links`), and one contact or employee by id.
 */
export function registerListRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.get('/Payroll/Entitlements', pagedList('pay-items', 'Items', (request) => ({ ok: true, rows: context.leaves.payItems(fileOf(request)) })))

  const listContacts = pagedList('contacts', 'Contacts', (request) => {
    const filter = contactFilterOf(queryOf(request), spellingOf(request))
    if (!filter.ok) return filter
    return { ok: true, rows: context.leaves.contacts(fileOf(request)).filter(filter.matches) }
  })
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

  const listEmployees = pagedList('employees', 'Employees', (request) => {
    const query = employeeQueryOf(request)
    if (!query.ok) return query
    const employees = context.leaves
      .employees(fileOf(request), { withBalances: query.balances === true, ...(query.asAt ? { asAt: query.asAt } : {}) })
      .filter((e) => query.active === undefined || e.IsActive === query.active)
    return { ok: true, rows: employees }
  })
  app.get('/Payroll/Employees', listEmployees)
  // The singular path lists too: a public client lists employees through it.
  app.get('/Payroll/Employee', listEmployees)

  app.get('/Payroll/Employee/:id', async (request, reply) => {
    const id = idOf(request, reply, 'employee')
    if (id === null) return reply
    const query = employeeQueryOf(request)
    if (!query.ok) return refuse(request, reply, query)
    const fileId = fileOf(request)
    // The single record carries the balances unless asked not to: a client reading one employee wants them.
    const employee = context.leaves
      .employees(fileId, { withBalances: query.balances !== false, ...(query.asAt ? { asAt: query.asAt } : {}) })
      .find((e) => e.Id === id)
    if (!employee) return notFound(request, reply, `There is no employee ${id} in file ${fileId}.`)
    return sendBody(request, reply, 200, 'employee', { ...employee, _links: [] })
  })
}

type Refusal = { field: string; message: string }
type ListRows = { ok: true; rows: readonly unknown[] } | ({ ok: false } & Refusal)

/** A paged list: `Page` and `PageSize` are read first, then the list's own query, then one page is sent. */
function pagedList(kind: BodyKind, key: string, rowsOf: (request: FastifyRequest) => ListRows): RouteHandlerMethod {
  return async (request, reply) => {
    const paging = pageRequestOf(request)
    if (!paging.ok) return refuse(request, reply, paging)
    const listed = rowsOf(request)
    if (!listed.ok) return refuse(request, reply, listed)
    const { items, links } = pageOf(request, listed.rows, paging.page, paging.size)
    return sendBody(request, reply, 200, kind, { [key]: items, _links: links })
  }
}
type EmployeeQuery = { ok: true; active?: boolean; balances?: boolean; asAt?: string } | ({ ok: false } & Refusal)

/** `IsActive`, `IncludeLeaveBalances` and `LeaveBalanceAsAtDate`, or the first one that cannot be read. */
function employeeQueryOf(request: FastifyRequest): EmployeeQuery {
  const query = queryOf(request)
  const active = booleanParam(query.isactive, 'IsActive')
  if (!active.ok) return active
  const balances = booleanParam(query.includeleavebalances, 'IncludeLeaveBalances')
  if (!balances.ok) return balances
  const asAt = calendarDateParam(query.leavebalanceasatdate, 'LeaveBalanceAsAtDate')
  if (!asAt.ok) return asAt
  return { ok: true, ...defined({ active: active.value, balances: balances.value, asAt: asAt.value }) }
}

function defined<T extends object>(values: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as { [K in keyof T]?: Exclude<T[K], undefined> }
}

function refuse(request: FastifyRequest, reply: FastifyReply, refusal: Refusal) {
  return sendProblem(request, reply, fieldProblem(refusal.field, refusal.message))
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
