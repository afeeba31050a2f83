import { describe, expect, it } from 'vitest'
import { contactListResponseSchema, fileIdentitiesResponseSchema, linkSchema, type Contact } from '../../shared/apiSchemas'
import { countryCodeOf } from '../../shared/countryCode'
import { DEMO_CREDENTIALS } from '../../main/sandbox'
import type { SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerFile } from './testSupport/signedInSandbox'

/** Issue 17 (contacts filtered and paged with links) and issue 13 (GET /FileIdentities), over real HTTP. */

let h: SandboxHarness
let token: string
signedInSandboxPerFile({}, (harness, signedIn) => {
  h = harness
  token = signedIn
})

async function getJson(path: string, auth: string | null = token) {
  const answer = await h.call('GET', path, auth ? { token: auth } : {})
  return { status: answer.status, body: answer.json() }
}

/** Follows `next` from a first page, as a client would, with a bound on the number of pages. */
async function followNext(first: string): Promise<Contact[]> {
  const seen: Contact[] = []
  let path: string | null = first
  for (let pages = 0; path !== null && pages < 50; pages++) {
    const page = contactListResponseSchema.parse((await getJson(path)).body)
    seen.push(...page.Contacts)
    const next = linkSchema.array().parse(page._links ?? []).find((link) => link.rel === 'next')
    path = next ? new URL(next.href).pathname + new URL(next.href).search : null
  }
  return seen
}

describe('GET /Contacts filters (the vendor documents IsActive, GivenName, FamilyName, CompanyName, …)', () => {
  const all = () => h.sandbox.store.contacts(1001)

  it('IsActive=false answers only the inactive contacts', async () => {
    const inactive = await followNext('/Contacts?FileId=1001&IsActive=false&PageSize=100')
    expect(inactive.length).toBeGreaterThan(0)
    expect(inactive.map((c) => c.Id)).toEqual(all().filter((c) => c.IsActive === false).map((c) => c.Id))
  })

  it('names match whole values, ignoring case', async () => {
    const someone = all().find((c) => c.GivenName) as Contact
    const byGiven = await followNext(`/Contacts?FileId=1001&GivenName=${encodeURIComponent((someone.GivenName ?? '').toUpperCase())}`)
    expect(byGiven.map((c) => c.Id)).toContain(someone.Id)
    expect(byGiven.every((c) => c.GivenName === someone.GivenName)).toBe(true)
    const byFamily = await followNext(`/Contacts?FileId=1001&familyname=${encodeURIComponent(someone.FamilyName ?? '')}`)
    expect(byFamily.every((c) => c.FamilyName === someone.FamilyName)).toBe(true)
    const company = all().find((c) => c.OrganisationName) as Contact
    const byCompany = await followNext(`/Contacts?FileId=1001&CompanyName=${encodeURIComponent(company.OrganisationName ?? '')}`)
    expect(byCompany.map((c) => c.Id)).toEqual([company.Id])
    expect(await followNext('/Contacts?FileId=1001&GivenName=Nobody')).toEqual([])
  })

  it('refuses IsEmployee by name: contacts have no employee flag (the employees are Payroll/Employees)', async () => {
    const answer = await getJson('/Contacts?FileId=1001&IsEmployee=false')
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual([{ field: 'IsEmployee', message: expect.stringContaining('GET /Payroll/Employees') }])
  })

  it('refuses a flag that is not true or false, naming it', async () => {
    const answer = await getJson('/Contacts?FileId=1001&IsActive=maybe')
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: 'IsActive' })])
  })
})

describe('GET /Contacts paging links', () => {
  it('a client following next sees each contact exactly once, and stops', async () => {
    const seen = await followNext('/Contacts?FileId=1001&PageSize=7')
    expect(seen.map((c) => c.Id)).toEqual(h.sandbox.store.contacts(1001).map((c) => c.Id))
  })

  it('next keeps the filters; previous leads back; the last page has no next', async () => {
    const page2 = contactListResponseSchema.parse((await getJson('/Contacts?FileId=1001&IsActive=true&PageSize=10&Page=2')).body)
    const links = linkSchema.array().parse(page2._links)
    expect(links.map((l) => l.rel).sort()).toEqual(['next', 'previous'])
    const next = new URL(links.find((l) => l.rel === 'next')?.href ?? '')
    expect(next.searchParams.get('IsActive') ?? next.searchParams.get('isactive')).toBe('true')
    expect(next.searchParams.get('Page')).toBe('3')
    expect(new URL(links.find((l) => l.rel === 'previous')?.href ?? '').searchParams.get('Page')).toBe('1')
    const last = contactListResponseSchema.parse((await getJson('/Contacts?FileId=1001&PageSize=100')).body)
    expect(last._links).toEqual([])
  })
})

describe('GET /FileIdentities (issue 13)', () => {
  it('lists the files a token may open, by business name and country, in the vendor shape', async () => {
    const answer = await getJson('/FileIdentities')
    expect(answer.status).toBe(200)
    const { FileIdentities } = fileIdentitiesResponseSchema.parse(answer.body)
    expect(FileIdentities.map((f) => [f.Id, f.Name, countryCodeOf(f.Country)])).toEqual([
      [1001, 'Harbour Cafe Pty Ltd', 'AU'],
      [1002, 'Kauri Joinery Ltd', 'NZ']
    ])
  })

  it('lists only what the credentials open: another user, a legacy key; none without credentials', async () => {
    const solo = (await h.signIn(DEMO_CREDENTIALS.solo)).access_token
    expect(fileIdentitiesResponseSchema.parse((await getJson('/FileIdentities', solo)).body).FileIdentities.map((f) => f.Id)).toEqual([1002])
    const legacy = await getJson(`/fileidentities?wsaccesskey=${DEMO_CREDENTIALS.legacyKey.wsAccessKey}`, null)
    expect(fileIdentitiesResponseSchema.parse(legacy.body).FileIdentities.map((f) => f.Id)).toEqual([1001])
    expect((await getJson('/FileIdentities', null)).status).toBe(401)
  })

  it('is paged like every list', async () => {
    const first = await getJson('/FileIdentities?PageSize=1')
    const parsed = fileIdentitiesResponseSchema.parse(first.body)
    expect(parsed.FileIdentities.map((f) => f.Id)).toEqual([1001])
    expect(linkSchema.array().parse(parsed._links).map((l) => l.rel)).toEqual(['next'])
  })
})
