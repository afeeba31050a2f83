import type { ProblemDetails } from '../../shared/codecs/problemDetails'
import {
  contactListToXml,
  contactToXml,
  employeeListToXml,
  employeeToXml,
  insertUpdateResultToXml,
  leaveRequestFromXml,
  leaveRequestRecordToXml,
  payItemListToXml,
  problemToXml
} from '../../shared/codecs/xml'
import type { DecodeResult } from '../../shared/codecs/decodeResult'

/** The XML twin of each response body the sandbox sends, by what the body is. */
export type BodyKind = 'insert-result' | 'leave-request' | 'pay-items' | 'contacts' | 'contact' | 'employees' | 'employee' | 'problem'

export function xmlOf(kind: BodyKind, body: unknown): string {
  switch (kind) {
    case 'insert-result':
      return insertUpdateResultToXml(body as { Id: number; LastModifiedDateUtc: string })
    case 'leave-request':
      return leaveRequestRecordToXml(body as object)
    case 'pay-items':
      return payItemListToXml(body as { Items: { Id: number; Name: string }[] })
    case 'contacts':
      return contactListToXml(body as { Contacts: object[] })
    case 'contact':
      return contactToXml(body as object)
    case 'employees':
      return employeeListToXml(body as { Employees: object[] })
    case 'employee':
      return employeeToXml(body as object)
    case 'problem':
      return problemToXml(body as ProblemDetails)
  }
}

/** A LeaveRequest XML body, read into what its JSON twin would parse to. DOCTYPE and entities are refused. */
export function leaveRequestFromXmlBody(xml: string): DecodeResult<unknown> {
  return leaveRequestFromXml(xml)
}
