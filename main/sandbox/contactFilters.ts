import type { Contact } from '../../shared/apiSchemas'
import { calendarDateOf, timestampOf } from '../../shared/calendarDate'
import { booleanParam, wholeNumberParam } from './queryValues'

/**
 * The filters the vendor documents for `GET /Contacts` (its help page, "URI Parameters"), each one applied:
 * a filter is never silently ignored. Names and Email match the whole value, ignoring case; the flags
 * compare with the contact's flag (IsActive's documented default is true). A parameter that is none of
 * them is refused by name, so a client relying on one the API does not have (`IsEmployee`) finds out.
 * Parameter names arrive lower-cased.
 */
const TEXT_FILTERS = [
  ['givenname', (c: Contact) => c.GivenName],
  ['familyname', (c: Contact) => c.FamilyName],
  ['companyname', (c: Contact) => c.OrganisationName],
  // Not on the vendor's page, but a public client sends it for the organisation's name.
  ['organisationname', (c: Contact) => c.OrganisationName],
  ['email', (c: Contact) => c.EmailAddress],
  ['contactid', (c: Contact) => c.ContactId]
] as const

const FLAG_FILTERS = [
  ['isactive', 'IsActive', (c: Contact) => c.IsActive ?? true],
  ['iscustomer', 'IsCustomer', (c: Contact) => c.IsCustomer ?? false],
  ['issupplier', 'IsSupplier', (c: Contact) => c.IsSupplier ?? false],
  ['iscontractor', 'IsContractor', (c: Contact) => c.IsContractor ?? false],
  ['ispartner', 'IsPartner', (c: Contact) => c.IsPartner ?? false]
] as const

/** Parameters every list takes: the file, the legacy key and paging. */
const GENERAL_PARAMS = ['fileid', 'wsaccesskey', 'page', 'pagesize']
const OTHER_FILTERS = ['companyid', 'tags', 'tagselection', 'lastmodifiedfromdate', 'lastmodifiedtodate']
const KNOWN = new Set([...GENERAL_PARAMS, ...OTHER_FILTERS, ...TEXT_FILTERS.map(([name]) => name), ...FLAG_FILTERS.map(([name]) => name)])

export type ContactFilter = { ok: true; matches: (contact: Contact) => boolean } | { ok: false; field: string; message: string }
type Test = (contact: Contact) => boolean

export function contactFilterOf(query: Record<string, string | undefined>, spelled: (lowerName: string) => string): ContactFilter {
  const unknown = Object.keys(query).find((name) => !KNOWN.has(name))
  if (unknown !== undefined) {
    const name = spelled(unknown)
    const hint = unknown === 'isemployee' ? ' Contacts have no employee flag: the employees are listed by GET /Payroll/Employees.' : ''
    return { ok: false, field: name, message: `${name} is not a filter of GET /Contacts.${hint}` }
  }
  const tests: Test[] = []
  for (const [param, read] of TEXT_FILTERS) {
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
  const others = [companyTest(query.companyid), tagsTest(query.tags, query.tagselection), modifiedTest(query.lastmodifiedfromdate, query.lastmodifiedtodate)]
  for (const other of others) {
    if (!other.ok) return other
    if (other.test) tests.push(other.test)
  }
  return { ok: true, matches: (contact) => tests.every((test) => test(contact)) }
}

type Partial = { ok: true; test: Test | null } | { ok: false; field: string; message: string }

function companyTest(raw: string | undefined): Partial {
  if (raw === undefined || raw === '') return { ok: true, test: null }
  const id = wholeNumberParam(raw, 'CompanyId', { fallback: 0, min: 1, max: 2_147_483_647 })
  if (!id.ok) return id
  return { ok: true, test: (contact) => contact.CompanyId === id.value }
}

/**
 * `Tags` is a comma-separated list. The vendor's values for `TagSelection` are not known here: the sandbox
 * takes `all` (the default: every tag listed) or `any` (at least one), and refuses anything else by name.
 */
function tagsTest(rawTags: string | undefined, rawSelection: string | undefined): Partial {
  const selection = (rawSelection ?? '').toLowerCase() || 'all'
  if (selection !== 'all' && selection !== 'any') {
    return { ok: false, field: 'TagSelection', message: 'TagSelection must be all (every tag listed) or any (at least one of them).' }
  }
  const wanted = (rawTags ?? '').split(',').map((tag) => tag.trim().toLowerCase()).filter(Boolean)
  if (wanted.length === 0) return { ok: true, test: null }
  return {
    ok: true,
    test: (contact) => {
      const has = new Set((contact.Tags ?? []).map((tag) => tag.toLowerCase()))
      return selection === 'all' ? wanted.every((tag) => has.has(tag)) : wanted.some((tag) => has.has(tag))
    }
  }
}

/** Inclusive at both ends; a date without a time as `To` includes that whole day (UTC). */
function modifiedTest(rawFrom: string | undefined, rawTo: string | undefined): Partial {
  const from = instantParam(rawFrom, 'LastModifiedFromDate', false)
  if (!from.ok) return from
  const to = instantParam(rawTo, 'LastModifiedToDate', true)
  if (!to.ok) return to
  if (from.value === null && to.value === null) return { ok: true, test: null }
  return {
    ok: true,
    test: (contact) => {
      const at = timestampOf(contact.LastModifiedDateUtc ?? '')
      if (at === null) return false
      return (from.value === null || at >= from.value) && (to.value === null || at <= to.value)
    }
  }
}

function instantParam(raw: string | undefined, field: string, endOfDay: boolean): { ok: true; value: number | null } | { ok: false; field: string; message: string } {
  if (raw === undefined || raw === '') return { ok: true, value: null }
  const refused = { ok: false as const, field, message: `${field} must be a date (2026-03-02) or a date-time (2026-03-02T09:00:00).` }
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) {
    const day = calendarDateOf(raw)
    if (day === null) return refused
    const start = Date.parse(`${day}T00:00:00Z`)
    return { ok: true, value: endOfDay ? start + 86_400_000 - 1 : start }
  }
  const at = timestampOf(raw)
  return at === null ? refused : { ok: true, value: at }
}
