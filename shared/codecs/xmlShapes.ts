/**
 * What each XML document looks like, as data: which element is the root and what type each field has.
 * XML carries only text, so the decoder needs this to give numbers and booleans back their types; the
 * encoder uses it for the order of elements and the name of each list item. Element names are the API's
 * field names (spec §2.2). Fields not listed here still pass through, as text.
 */
export type FieldKind = 'number' | 'boolean' | 'string' | ListKind
/** A collection: an element named after the field, holding one `item` element per entry. */
export type ListKind = { item: string; fields: Fields }
export type Fields = Readonly<Record<string, FieldKind>>
export type DocumentShape = { root: string; namespace?: string; fields: Fields }

/** Fields of Link are not in the spec: its members travel as text. */
const links: ListKind = { item: 'Link', fields: {} }

const leaveRequestItem: Fields = {
  LineNumber: 'number',
  Date: 'string',
  Hours: 'number',
  IsPaid: 'boolean',
  ProcessedInPayRunId: 'number'
}

/** Spec §2.1, in the spec's order. The same shape serves the insert body and the stored record. */
export const LEAVE_REQUEST_SHAPE: DocumentShape = {
  root: 'LeaveRequest',
  fields: {
    Id: 'number',
    CreatedDateUtc: 'string',
    LastModifiedDateUtc: 'string',
    LeaveTypePayItemId: 'number',
    EmployeeId: 'number',
    StartDate: 'string',
    EndDate: 'string',
    TotalHours: 'number',
    Status: 'string',
    Notes: 'string',
    Items: { item: 'LeaveRequestItem', fields: leaveRequestItem },
    _links: links
  }
}

/** Spec §2.4; the live API has been seen to call the id InsertedEntityId. */
export const INSERT_UPDATE_RESULT_SHAPE: DocumentShape = {
  root: 'InsertUpdateResult',
  fields: { Id: 'number', InsertedEntityId: 'number', LastModifiedDateUtc: 'string', _links: links }
}

export const PAY_ITEM_LIST_SHAPE: DocumentShape = {
  root: 'PayItemListResponse',
  fields: { Items: { item: 'PayItem', fields: { Id: 'number', Name: 'string' } }, _links: links }
}

/** A Contact's documented fields the app reads (apiSchemas.ts); `Tags` travels as repeated elements. */
const contactFields: Fields = {
  Id: 'number',
  ContactId: 'string',
  GivenName: 'string',
  FamilyName: 'string',
  OrganisationName: 'string',
  EmailAddress: 'string',
  CompanyId: 'number',
  IsActive: 'boolean',
  IsCustomer: 'boolean',
  IsSupplier: 'boolean',
  IsContractor: 'boolean',
  IsPartner: 'boolean',
  LastModifiedDateUtc: 'string'
}

export const CONTACT_SHAPE: DocumentShape = { root: 'Contact', fields: { ...contactFields, _links: links } }

export const CONTACT_LIST_SHAPE: DocumentShape = {
  root: 'ContactListResponse',
  fields: { Contacts: { item: 'Contact', fields: contactFields }, _links: links }
}

/** `GET /Payroll/Employees`' documented fields (apiSchemas.ts). */
const employeeFields: Fields = {
  Id: 'number',
  FirstName: 'string',
  LastName: 'string',
  DisplayName: 'string',
  IsActive: 'boolean',
  EmploymentType: 'string',
  EmploymentTypeId: 'number',
  PayFrequency: 'string',
  PayFrequencyId: 'number',
  AssignedToPayGroupId: 'number',
  PayGroupName: 'string',
  LastPaid: 'string',
  LeaveBalances: { item: 'LeaveBalance', fields: { PayItemId: 'number', Name: 'string', Hours: 'number' } }
}

export const EMPLOYEE_SHAPE: DocumentShape = { root: 'Employee', fields: { ...employeeFields, _links: links } }

export const EMPLOYEE_LIST_SHAPE: DocumentShape = {
  root: 'EmployeeListResponse',
  fields: { Employees: { item: 'Employee', fields: employeeFields }, _links: links }
}

/** RFC 9457 appendix B, with our `errors` extension written as `<errors><error>…</error></errors>`. */
export const PROBLEM_SHAPE: DocumentShape = {
  root: 'problem',
  namespace: 'urn:ietf:rfc:7807',
  fields: {
    type: 'string',
    title: 'string',
    status: 'number',
    detail: 'string',
    instance: 'string',
    errors: { item: 'error', fields: { field: 'string', message: 'string' } }
  }
}
