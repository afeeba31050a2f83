import { Agent, type Dispatcher } from 'undici'
import { fail, ok, type ApiResult } from '../../shared/apiError'
import type { Contact, Employee, FileIdentity, InsertUpdateResult, PayItem } from '../../shared/apiSchemas'
import type { BodyFormat } from '../../shared/codecs/mediaType'
import type { LeaveRequestInsert, LeaveRequestRecord, LeaveRequestUpdate } from '../../shared/leaveRequestSchema'
import type { AuthProvider } from '../auth/requestAuth'
import type { ApiOutcome } from './apiOutcome'
import { authorizedSender, type ApiCall } from './authorizedSender'
import type { HttpAnswer } from './classifyResponse'
import type { DailyQuotaCounter } from './dailyQuotaCounter'
import { ANSWER_DOCUMENTS, decodeAnswer } from './decodeAnswer'
import { httpProbe } from './httpProbe'
import { leaveRequestBody } from './leaveRequestBody'
import { walkPages } from './pagedList'
import type { RequestRateLimiter } from './requestRateLimiter'

export interface ApiTimeouts {
  /** Connecting (only for the client's own Agent; an injected dispatcher brings its own). */
  connectMs: number
  /** From the request going out to the answer's headers. */
  headersMs: number
  /** Longest silence while the answer's body arrives. */
  bodyMs: number
}

export interface ApiClientOptions {
  baseUrl: string
  auth: AuthProvider
  /** Default: one keep-alive Agent owned (and closed) by the client. */
  dispatcher?: Dispatcher
  /** Body format in both directions; default JSON. */
  format?: BodyFormat
  timeouts?: Partial<ApiTimeouts>
  /** Shared by every caller; default none (the embedded sandbox). */
  limiter?: RequestRateLimiter
  /** Per-file daily count; default none. */
  quota?: DailyQuotaCounter
  now?: () => number
  /** Every HTTP attempt's outcome, e.g. for the connectivity monitor. */
  onOutcome?: (outcome: ApiOutcome) => void
}

export interface ListEmployeesOptions {
  includeLeaveBalances?: boolean
  /** Balances as at this calendar date (`YYYY-MM-DD`, `LeaveBalanceAsAtDate`); default payroll's today. */
  leaveBalanceAsAt?: string
  /** Only active (true) or inactive (false) employees; default all. */
  isActive?: boolean
}

/**
 * `GET /Payroll/Employees` is the documented list of who the employees are (a Contact has no employee
 * flag). A user without payroll rights is refused it; the app then says so and offers nothing in its place.
 */
export const EMPLOYEES_FORBIDDEN_MESSAGE =
  "Payroll did not let this user see the employee list: the user needs access to payroll. Ask whoever manages your payroll's users, then refresh."


/** What a caller may add to a write. */
export interface WriteOptions {
  /**
   * The asker has gone (its window reloaded): a write still waiting for its turn (rate limiter) is
   * dropped, never sent later, and comes back `network` with NOT_SENT_ASKER_GONE_MESSAGE. A write that
   * has started to go out is not stopped, so its outcome stays observable.
   */
  signal?: AbortSignal
}

export { NOT_SENT_ASKER_GONE_CAUSE, NOT_SENT_ASKER_GONE_MESSAGE } from './authorizedSender'

export const WRITE_WENT_WRONG_MESSAGE =
  'Something went wrong in Leave Desk while sending this request, so it may or may not have reached payroll. Check before sending it again.'

/** Every operation resolves to a Result and never throws. */
export interface ApiClient {
  insertLeaveRequest(fileId: number, body: LeaveRequestInsert, options?: WriteOptions): Promise<ApiResult<InsertUpdateResult>>
  getLeaveRequest(fileId: number, id: number): Promise<ApiResult<LeaveRequestRecord>>
  putLeaveRequest(fileId: number, id: number, body: LeaveRequestUpdate, options?: WriteOptions): Promise<ApiResult<InsertUpdateResult>>
  listEntitlements(fileId: number): Promise<ApiResult<PayItem[]>>
  listEmployees(fileId: number, options?: ListEmployeesOptions): Promise<ApiResult<Employee[]>>
  listContacts(fileId: number): Promise<ApiResult<Contact[]>>
  /** `GET /FileIdentities`, every page: the files the credentials may open, with their names. */
  listFileIdentities(): Promise<ApiResult<FileIdentity[]>>
  /** For the connectivity monitor: true when the base URL gives any HTTP answer. Sends no credentials. */
  probe(): Promise<boolean>
  close(): Promise<void>
}

export const DEFAULT_TIMEOUTS: ApiTimeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 }

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
  const format = options.format ?? 'json'
  const ownedAgent = options.dispatcher ? null : new Agent({ connect: { timeout: timeouts.connectMs } })
  const dispatcher = options.dispatcher ?? (ownedAgent as Agent)
  const send = authorizedSender({
    baseUrl: options.baseUrl,
    auth: options.auth,
    dispatcher,
    format,
    headersTimeoutMs: timeouts.headersMs,
    bodyTimeoutMs: timeouts.bodyMs,
    ...(options.limiter ? { limiter: options.limiter } : {}),
    ...(options.quota ? { quota: options.quota } : {}),
    now: options.now ?? Date.now,
    ...(options.onOutcome ? { onOutcome: options.onOutcome } : {})
  })
  const reachable = httpProbe({ baseUrl: options.baseUrl, dispatcher, timeoutMs: timeouts.headersMs })
  let closed = false

  /**
   * The one place that keeps the promise "never throws". A bug below a read becomes `internal`; below a
   * write it becomes `unknown-outcome`, because the request may already have reached payroll and the
   * queue re-sends what comes back `internal`, which could create a duplicate.
   */
  const guarded = async <T>(kind: 'read' | 'write', operation: () => Promise<ApiResult<T>>): Promise<ApiResult<T>> => {
    if (closed) return fail({ code: 'internal', message: 'The connection to the payroll service has been closed.' })
    try {
      return await operation()
    } catch {
      return fail(
        kind === 'write'
          ? { code: 'unknown-outcome', message: WRITE_WENT_WRONG_MESSAGE }
          : { code: 'internal', message: 'Something went wrong in Leave Desk while talking to the payroll service.' }
      )
    }
  }

  const call = async <T>(request: ApiCall, read: (answer: HttpAnswer) => ApiResult<T>, signal?: AbortSignal): Promise<ApiResult<T>> => {
    const answered = await send(signal ? { ...request, signal } : request)
    return answered.ok ? read(answered.value) : answered
  }

  const contactsPage = (fileId: number) => (page: number, pageSize: number) =>
    call(
      { operation: 'listContacts', method: 'GET', path: '/Contacts', fileId, query: { Page: String(page), PageSize: String(pageSize) } },
      (answer) => {
        const list = decodeAnswer(ANSWER_DOCUMENTS.contacts, answer, 'server')
        return list.ok ? ok(list.value.Contacts) : list
      }
    )

  const listContacts = (fileId: number) => walkPages(contactsPage(fileId), 'contact list', { keyOf: (contact) => contact.Id })

  const employeesPage = (fileId: number, listOptions: ListEmployeesOptions) => (page: number, pageSize: number) => {
    const query: Record<string, string> = { Page: String(page), PageSize: String(pageSize) }
    if (listOptions.isActive !== undefined) query.IsActive = String(listOptions.isActive)
    if (listOptions.includeLeaveBalances) query.IncludeLeaveBalances = 'true'
    if (listOptions.leaveBalanceAsAt !== undefined) query.LeaveBalanceAsAtDate = listOptions.leaveBalanceAsAt
    return call({ operation: 'listEmployees', method: 'GET', path: '/Payroll/Employees', fileId, query }, (answer) => {
      const list = decodeAnswer(ANSWER_DOCUMENTS.employees, answer, 'server')
      return list.ok ? ok(list.value.Employees) : list
    })
  }

  const fileIdentitiesPage = (page: number, pageSize: number) =>
    call(
      { operation: 'listFileIdentities', method: 'GET', path: '/FileIdentities', fileId: null, query: { Page: String(page), PageSize: String(pageSize) } },
      (answer) => {
        const list = decodeAnswer(ANSWER_DOCUMENTS.fileIdentities, answer, 'server')
        return list.ok ? ok(list.value.FileIdentities) : list
      }
    )

  return {
    insertLeaveRequest: (fileId, body, writeOptions = {}) =>
      guarded('write', () =>
        call(
          { operation: 'insertLeaveRequest', method: 'POST', path: '/Payroll/LeaveRequest', fileId, body: leaveRequestBody(body, 'insert', format) },
          (answer) => decodeAnswer(ANSWER_DOCUMENTS.insertResult, answer, 'unknown-outcome'),
          writeOptions.signal
        )
      ),
    getLeaveRequest: (fileId, id) =>
      guarded('read', async () =>
        isRecordId(id)
          ? call({ operation: 'getLeaveRequest', method: 'GET', path: `/Payroll/LeaveRequest/${id}`, fileId }, (answer) =>
              decodeAnswer(ANSWER_DOCUMENTS.leaveRequest, answer, 'server')
            )
          : badId(id)
      ),
    putLeaveRequest: (fileId, id, body, writeOptions = {}) =>
      guarded('write', async () =>
        isRecordId(id)
          ? call(
              { operation: 'putLeaveRequest', method: 'PUT', path: `/Payroll/LeaveRequest/${id}`, fileId, body: leaveRequestBody(body, 'update', format) },
              (answer) => decodeAnswer(ANSWER_DOCUMENTS.insertResult, answer, 'unknown-outcome'),
              writeOptions.signal
            )
          : badId(id)
      ),
    listEntitlements: (fileId) =>
      guarded('read', () =>
        call({ operation: 'listEntitlements', method: 'GET', path: '/Payroll/Entitlements', fileId }, (answer) => {
          const list = decodeAnswer(ANSWER_DOCUMENTS.payItems, answer, 'server')
          return list.ok ? ok(list.value.Items) : list
        })
      ),
    listEmployees: (fileId, listOptions = {}) =>
      guarded('read', async () => {
        const employees = await walkPages(employeesPage(fileId, listOptions), 'employee list', { keyOf: (employee) => employee.Id })
        if (employees.ok || employees.error.code !== 'forbidden') return employees
        return fail({ ...employees.error, message: EMPLOYEES_FORBIDDEN_MESSAGE })
      }),
    listContacts: (fileId) => guarded('read', () => listContacts(fileId)),
    listFileIdentities: () => guarded('read', () => walkPages(fileIdentitiesPage, 'file list', { keyOf: (file) => file.Id })),
    probe: async () => !closed && (await reachable()),
    async close() {
      if (closed) return
      closed = true
      await ownedAgent?.close()
    }
  }
}

/** Ids go into the path; anything but a positive whole number would change which resource is addressed. */
function isRecordId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= 1
}

function badId(id: number): ApiResult<never> {
  return fail({ code: 'bad-input', message: `"${String(id)}" is not a leave request id (a positive whole number).` })
}
