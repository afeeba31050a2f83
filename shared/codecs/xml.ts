import { decoded, notDecoded, type DecodeResult } from './decodeResult'
import { problemDetailsSchema, type ProblemDetails } from './problemDetails'
import { decodeDocument } from './xmlDecode'
import { encodeDocument } from './xmlEncode'
import {
  CONTACT_LIST_SHAPE,
  CONTACT_SHAPE,
  EMPLOYEE_LIST_SHAPE,
  EMPLOYEE_SHAPE,
  INSERT_UPDATE_RESULT_SHAPE,
  LEAVE_REQUEST_SHAPE,
  PAY_ITEM_LIST_SHAPE,
  PROBLEM_SHAPE
} from './xmlShapes'

/**
 * The XML bodies of the API, one encoder and one decoder per document. Decoders give back what the JSON
 * body would parse to, so the same zod schemas and rules check both formats.
 */

export function leaveRequestToXml(request: object): string {
  return encodeDocument(LEAVE_REQUEST_SHAPE, request)
}

export function leaveRequestFromXml(xml: string): DecodeResult<Record<string, unknown>> {
  return decodeDocument(LEAVE_REQUEST_SHAPE, xml)
}

/** A stored leave request, as GET returns it: the same document, with the read-only fields filled in. */
export function leaveRequestRecordToXml(record: object): string {
  return encodeDocument(LEAVE_REQUEST_SHAPE, record)
}

export function insertUpdateResultToXml(result: { Id: number; LastModifiedDateUtc: string }): string {
  return encodeDocument(INSERT_UPDATE_RESULT_SHAPE, result)
}

export function insertUpdateResultFromXml(xml: string): DecodeResult<Record<string, unknown>> {
  return decodeDocument(INSERT_UPDATE_RESULT_SHAPE, xml)
}

export function payItemListToXml(list: { Items: { Id: number; Name: string }[] }): string {
  return encodeDocument(PAY_ITEM_LIST_SHAPE, list)
}

export function payItemListFromXml(xml: string): DecodeResult<Record<string, unknown>> {
  return decodeDocument(PAY_ITEM_LIST_SHAPE, xml)
}

export function contactListToXml(list: { Contacts: object[] }): string {
  return encodeDocument(CONTACT_LIST_SHAPE, list)
}

export function contactListFromXml(xml: string): DecodeResult<Record<string, unknown>> {
  return decodeDocument(CONTACT_LIST_SHAPE, xml)
}

export function contactToXml(contact: object): string {
  return encodeDocument(CONTACT_SHAPE, contact)
}

export function employeeToXml(employee: object): string {
  return encodeDocument(EMPLOYEE_SHAPE, employee)
}

export function employeeListToXml(list: { Employees: object[] }): string {
  return encodeDocument(EMPLOYEE_LIST_SHAPE, list)
}

export function employeeListFromXml(xml: string): DecodeResult<Record<string, unknown>> {
  return decodeDocument(EMPLOYEE_LIST_SHAPE, xml)
}

export function problemToXml(problem: ProblemDetails): string {
  return encodeDocument(PROBLEM_SHAPE, problem)
}

/** Read with the same tolerance as a problem+json body (problemDetailsSchema). */
export function problemFromXml(xml: string): DecodeResult<ProblemDetails> {
  const document = decodeDocument(PROBLEM_SHAPE, xml)
  if (!document.ok) return document
  const problem = problemDetailsSchema.safeParse(document.value)
  return problem.success ? decoded(problem.data) : notDecoded('The XML is not a problem details document.')
}
