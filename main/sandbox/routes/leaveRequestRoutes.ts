import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { FieldIssue } from '../../../shared/apiSchemas'
import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'
import { checkLeaveRequest, checkLeaveRequestUpdate } from '../../../shared/leaveRules'
import { fieldProblem, lostDigitsProblem, notStoredProblem, simpleProblem, staleProblem, validationProblem } from '../problems'
import { sendBody, sendProblem } from '../replies'
import { fileOf } from '../requestFile'
import type { SandboxContext } from '../sandboxContext'

/**
 * Insert (spec §4.1), read and update of leave requests. The shared rules decide validity; the sandbox adds
 * what only the server knows: the pay item and the employee must exist in the file.
 */
export function registerLeaveRequestRoutes(app: FastifyInstance, context: SandboxContext): void {
  app.post('/Payroll/LeaveRequest', async (request, reply) => {
    const fileId = fileOf(request)
    const checked = checkLeaveRequest(request.body)
    if (!checked.ok) return sendProblem(request, reply, validationProblem(checked.error))
    const unknown = unknownReferences(context, fileId, checked.value)
    if (unknown.length > 0) return sendProblem(request, reply, validationProblem(unknown))
    const record = context.leaves.insert(fileId, checked.value)
    const saved = await context.commit()
    if (!saved.ok) return sendProblem(request, reply, notStoredProblem(saved.error))
    return sendBody(request, reply, 200, 'insert-result', { Id: record.Id, LastModifiedDateUtc: record.LastModifiedDateUtc })
  })

  app.get('/Payroll/LeaveRequest/:id', async (request, reply) => {
    const fileId = fileOf(request)
    const id = idParam(request, reply)
    if (id === null) return reply
    const record = context.leaves.leaveRequest(fileId, id)
    if (!record) return notFound(request, reply, fileId, id)
    return sendBody(request, reply, 200, 'leave-request', { ...record, _links: [] })
  })

  app.put('/Payroll/LeaveRequest/:id', async (request, reply) => {
    const fileId = fileOf(request)
    const id = idParam(request, reply)
    if (id === null) return reply
    const mismatch = idMismatch(request.body, id)
    if (mismatch) return sendProblem(request, reply, fieldProblem('Id', mismatch))
    const checked = checkLeaveRequestUpdate(request.body)
    if (!checked.ok) return sendProblem(request, reply, validationProblem(checked.error))
    const unknown = unknownReferences(context, fileId, checked.value)
    if (unknown.length > 0) return sendProblem(request, reply, validationProblem(unknown))
    const outcome = context.leaves.update(fileId, id, checked.value, checked.value.LastModifiedDateUtc)
    if (!outcome.ok) {
      if (outcome.reason === 'processed') return sendProblem(request, reply, validationProblem(outcome.issues))
      if (outcome.reason === 'lost-digits') return sendProblem(request, reply, lostDigitsProblem(outcome.current))
      return outcome.reason === 'stale' ? sendProblem(request, reply, staleProblem()) : notFound(request, reply, fileId, id)
    }
    const saved = await context.commit()
    if (!saved.ok) return sendProblem(request, reply, notStoredProblem(saved.error))
    const { record } = outcome
    return sendBody(request, reply, 200, 'insert-result', { Id: record.Id, LastModifiedDateUtc: record.LastModifiedDateUtc })
  })
}

/**
 * Real clients read a record and PUT it back whole: an `Id` echo equal to the path's id is ignored (the
 * shared rules drop it); any other value names the mismatch.
 */
function idMismatch(body: unknown, pathId: number): string | null {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'Id')) return null
  const echoed = (body as { Id?: unknown }).Id
  if (echoed === null || echoed === undefined || echoed === '' || echoed === pathId) return null
  return `Id ${JSON.stringify(echoed).slice(0, 40)} in the body is not the id in the path (${pathId}); leave it out or send ${pathId}.`
}

function unknownReferences(context: SandboxContext, fileId: number, request: LeaveRequestInsert): FieldIssue[] {
  const issues: FieldIssue[] = []
  if (!context.leaves.isPayItem(fileId, request.LeaveTypePayItemId)) {
    issues.push({
      field: 'LeaveTypePayItemId',
      message: `Pay item ${request.LeaveTypePayItemId} is not a leave entitlement of file ${fileId} (see GET /Payroll/Entitlements).`
    })
  }
  if (!context.leaves.isEmployee(fileId, request.EmployeeId)) {
    issues.push({ field: 'EmployeeId', message: `Contact ${request.EmployeeId} is not an employee in file ${fileId}.` })
  }
  return issues
}

function idParam(request: FastifyRequest, reply: FastifyReply): number | null {
  const raw = (request.params as { id?: string }).id ?? ''
  if (/^\d{1,10}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 2_147_483_647) return Number(raw)
  void sendProblem(request, reply, fieldProblem('Id', `"${raw.slice(0, 40)}" is not a leave request id (a positive whole number).`))
  return null
}

function notFound(request: FastifyRequest, reply: FastifyReply, fileId: number, id: number) {
  return sendProblem(request, reply, simpleProblem(404, 'not-found', 'Not Found', `There is no leave request ${id} in file ${fileId}.`))
}
