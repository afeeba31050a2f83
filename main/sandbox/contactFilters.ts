import type { Contact } from '../../shared/apiSchemas'
import { booleanParam } from './queryValues'

/**
 * The filters the vendor documents for `GET /Contacts` (its help page, "URI Parameters"): the names match
 * the whole value, ignoring case; the flags compare with the contact's flag (absent = false, except
 * IsActive, whose documented default is true). Parameter names arrive lower-cased.
 */
const NAME_FILTERS = [
  ['givenname', 'GivenName', (c: Contact) => c.GivenName],
  ['familyname', 'FamilyName', (c: Contact) => c.FamilyName],
  ['companyname', 'CompanyName', (c: Contact) => c.OrganisationName]
] as const

const FLAG_FILTERS = [
  ['isactive', 'IsActive', (c: Contact) => c.IsActive ?? true],
  ['isemployee', 'IsEmployee', (c: Contact) => c.IsEmployee ?? false],
  ['iscustomer', 'IsCustomer', () => false],
  ['issupplier', 'IsSupplier', () => false],
  ['iscontractor', 'IsContractor', () => false],
  ['ispartner', 'IsPartner', () => false]
] as const

export type ContactFilter = { ok: true; matches: (contact: Contact) => boolean } | { ok: false; field: string; message: string }

export function contactFilterOf(query: Record<string, string | undefined>): ContactFilter {
  const tests: ((contact: Contact) => boolean)[] = []
  for (const [param, , read] of NAME_FILTERS) {
    const wanted = query[param]
    if (wanted === undefined || wanted === '') continue
    tests.push((contact) => (read(contact) ?? '').toLowerCase() === wanted.toLowerCase())
  }
  for (const [param, field, read] of FLAG_FILTERS) {
    const flag = booleanParam(query[param], field)
    if (!flag.ok) return flag
    if (flag.value !== undefined) {
      const wanted = flag.value
      tests.push((contact) => read(contact) === wanted)
    }
  }
  return { ok: true, matches: (contact) => tests.every((test) => test(contact)) }
}
