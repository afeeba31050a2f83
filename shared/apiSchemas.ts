import { z } from 'zod'

/** Response shapes of the API other than the leave request itself (spec §2.4, §2.5, docs/architecture.md "The sandbox"). */

/** A paged list: its items under the list's own name, and the paging links the vendor may add. */
function pagedListOf<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  return z.object({ [key]: z.array(item), _links: z.array(z.unknown()).optional() } as { [K in Key]: z.ZodArray<Item> } & {
    _links: z.ZodOptional<z.ZodArray<z.ZodUnknown>>
  })
}

/**
 * InsertUpdateResult. The live API has been seen to name the id `InsertedEntityId`; accept either and
 * expose it as `Id`.
 */
export const insertUpdateResultSchema = z
  .object({
    Id: z.coerce.number().int().positive().optional(),
    InsertedEntityId: z.coerce.number().int().positive().optional(),
    LastModifiedDateUtc: z.string().optional()
  })
  .refine((r) => r.Id !== undefined || r.InsertedEntityId !== undefined, {
    error: 'The server did not say which Id it gave the record.'
  })
  .transform((r) => ({ Id: (r.Id ?? r.InsertedEntityId) as number, LastModifiedDateUtc: r.LastModifiedDateUtc ?? '' }))
export type InsertUpdateResult = z.output<typeof insertUpdateResultSchema>

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string(),
  expires_in: z.coerce.number().int().positive(),
  refresh_token: z.string().min(1),
  scope: z.string()
})
export type TokenResponse = z.infer<typeof tokenResponseSchema>

/** `GET /Payroll/Entitlements`: the leave pay items of a file. */
export const payItemSchema = z.object({ Id: z.number().int(), Name: z.string() })
export const payItemListResponseSchema = z.object({ Items: z.array(payItemSchema) })
export type PayItem = z.infer<typeof payItemSchema>
export type PayItemListResponse = z.infer<typeof payItemListResponseSchema>

/**
 * A Contact as the vendor documents it. It has no employee flag: who the employees are comes from
 * `GET /Payroll/Employees` only. Fields the app never reads (addresses, phones, …) are not listed.
 */
export const contactSchema = z.object({
  Id: z.number().int(),
  GivenName: z.string().nullable().optional(),
  FamilyName: z.string().nullable().optional(),
  OrganisationName: z.string().nullable().optional(),
  EmailAddress: z.string().nullable().optional(),
  ContactId: z.string().nullable().optional(),
  CompanyId: z.number().int().nullable().optional(),
  // XML writes tags as repeated <Tags> elements, so a single tag reads back as one string.
  Tags: z.union([z.array(z.string()), z.string().transform((tag) => [tag])]).nullable().optional(),
  IsActive: z.boolean().optional(),
  IsCustomer: z.boolean().optional(),
  IsSupplier: z.boolean().optional(),
  IsContractor: z.boolean().optional(),
  IsPartner: z.boolean().optional(),
  LastModifiedDateUtc: z.string().nullable().optional()
})
export const contactListResponseSchema = pagedListOf('Contacts', contactSchema)
export type Contact = z.infer<typeof contactSchema>
export type ContactListResponse = z.infer<typeof contactListResponseSchema>

export const leaveBalanceSchema = z.object({ PayItemId: z.number().int(), Name: z.string(), Hours: z.number() })
/**
 * `GET /Payroll/Employees` (the vendor's help page): who the employees of a file are. Besides names and
 * IsActive it documents the employment type, the pay frequency, the pay group the employee is assigned
 * to and when they were last paid; each is optional and nullable here, since an employee not yet set up
 * for pay has none of them. `LeaveBalances` only with `IncludeLeaveBalances=true`, as at
 * `LeaveBalanceAsAtDate` when given.
 */
export const employeeSchema = z.object({
  Id: z.number().int(),
  FirstName: z.string(),
  LastName: z.string(),
  DisplayName: z.string(),
  IsActive: z.boolean(),
  EmploymentType: z.string().nullable().optional(),
  EmploymentTypeId: z.number().int().nullable().optional(),
  PayFrequency: z.string().nullable().optional(),
  PayFrequencyId: z.number().int().nullable().optional(),
  AssignedToPayGroupId: z.number().int().nullable().optional(),
  PayGroupName: z.string().nullable().optional(),
  LastPaid: z.string().nullable().optional(),
  LeaveBalances: z.array(leaveBalanceSchema).optional()
})
export const employeeListResponseSchema = pagedListOf('Employees', employeeSchema)
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>
export type Employee = z.infer<typeof employeeSchema>
export type EmployeeListResponse = z.infer<typeof employeeListResponseSchema>

/** One field-level problem, as the sandbox reports it in problem+json and the editor shows it. */
export const fieldIssueSchema = z.object({ field: z.string(), message: z.string() })
export type FieldIssue = z.infer<typeof fieldIssueSchema>

/** A hypermedia link as the vendor writes them (`rel` `next` / `previous` on paged lists). */
export const linkSchema = z.object({
  rel: z.string(),
  href: z.string(),
  method: z.string().nullable().optional(),
  title: z.string().nullable().optional()
})
export type Link = z.infer<typeof linkSchema>

/**
 * `GET /FileIdentities` (paged): the files the credentials may open, with the business's name. The vendor's
 * sample writes Country as a country name ("Australia"); `countryCodeOf` (shared/countryCode.ts) reads
 * names and ISO codes alike. Other fields of the vendor's summary (FileSettings, …) are not read.
 */
export const fileIdentitySchema = z.object({
  Id: z.number().int().positive(),
  Name: z.string(),
  Country: z.string().nullable().optional(),
  Zone: z.string().nullable().optional(),
  CurrencyCode: z.string().nullable().optional(),
  SubscriptionName: z.string().nullable().optional(),
  IsTaxRegistered: z.boolean().nullable().optional()
})
export const fileIdentitiesResponseSchema = pagedListOf('FileIdentities', fileIdentitySchema)
export type FileIdentity = z.infer<typeof fileIdentitySchema>
export type FileIdentitiesResponse = z.infer<typeof fileIdentitiesResponseSchema>
