import type { Contact, FileIdentity, PayItem } from '../../shared/apiSchemas'
import type { StoredLeaveBalance } from './types'

/**
 * The sandbox's demo world, seeded deterministically so tests and screenshots see the same data every run.
 * These credentials are public demo data: printing them (CLI banner, README) is fine.
 */
export const DEMO_CREDENTIALS = {
  clerk: { username: 'clerk@demo.test', password: 'demo-password' },
  solo: { username: 'solo@demo.test', password: 'demo-password' },
  /** Opens file 1001 for the accounts, with no access to payroll: every Payroll route answers 403. */
  accounts: { username: 'accounts@demo.test', password: 'demo-password' },
  legacyKey: { wsAccessKey: 'demo-ws-key-1001', fileId: 1001 }
} as const

export interface DemoUser {
  username: string
  password: string
  fileIds: number[]
  /** Default true. A user without payroll rights may open the file, but not its payroll. */
  payroll?: boolean
}

export const DEMO_USERS: readonly DemoUser[] = [
  { ...DEMO_CREDENTIALS.clerk, fileIds: [1001, 1002] },
  { ...DEMO_CREDENTIALS.solo, fileIds: [1002] },
  { ...DEMO_CREDENTIALS.accounts, fileIds: [1001], payroll: false }
]

export const DEMO_LEGACY_KEYS: readonly { wsAccessKey: string; fileId: number }[] = [DEMO_CREDENTIALS.legacyKey]

export const DEMO_FILE_IDS: readonly number[] = [1001, 1002]

/**
 * A file's payroll side of a contact: who is an employee is payroll's business (`GET /Payroll/Employees`),
 * not a flag on the contact. The Id is the contact's Id, as the spec says employees are identified.
 */
export interface StoredEmployee {
  Id: number
  EmploymentTypeId: number
  PayFrequencyId: number
  AssignedToPayGroupId: number | null
  /** The last pay date, in the vendor's date form; null when never paid. */
  LastPaid: string | null
}

export interface PayGroup {
  Id: number
  Name: string
}

/** A file's seeded contents. */
export interface FileSeed {
  payItems: PayItem[]
  contacts: Contact[]
  employees: StoredEmployee[]
  payGroups: PayGroup[]
  /** Leave balances by employee (contact) Id, as they stood before any leave in the sandbox. */
  balances: Record<number, StoredLeaveBalance[]>
}

export const EMPLOYMENT_TYPES: Readonly<Record<number, string>> = { 1: 'Full time', 2: 'Part time', 3: 'Casual' }
export const PAY_FREQUENCIES: Readonly<Record<number, string>> = { 1: 'Weekly', 2: 'Fortnightly', 3: 'Monthly' }

const LEAVE_NAMES = ['Annual Leave', "Personal/Carer's Leave", 'Long Service Leave', 'Unpaid Leave', 'Compassionate Leave']

const PEOPLE: readonly [string, string][] = [
  ['Olivia', 'Nguyen'], ['Jack', 'Smith'], ['Charlotte', 'Williams'], ['Noah', 'Brown'], ['Amelia', 'Jones'],
  ['William', 'Taylor'], ['Isla', 'Wilson'], ['Leo', 'Martin'], ['Mia', 'Anderson'], ['Henry', 'Thomas'],
  ['Ava', 'White'], ['Oliver', 'Harris'], ['Grace', 'Lee'], ['Lucas', 'Walker'], ['Chloe', 'Hall'],
  ['Thomas', 'Allen'], ['Zoe', 'Young'], ['James', 'King'], ['Ruby', 'Wright'], ['Ethan', 'Scott'],
  ['Ella', 'Green'], ['Samuel', 'Baker'], ['Sophie', 'Adams'], ['Harrison', 'Nelson']
]

const ORGANISATIONS = [
  'Coastal Office Supplies', 'Harbour Cleaning Co', 'Redgum Catering', 'Summit IT Services',
  'Bluewater Couriers', 'Ironbark Legal'
]

/** Employees at these positions (0-based) have left: IsActive false. */
const INACTIVE_POSITIONS = new Set([5, 17])
/** The last employee was hired after the last pay run: no pay group yet, never paid. */
const NOT_YET_PAID_POSITION = PEOPLE.length - 1

const PAY_GROUP_NAMES: Readonly<Record<number, [string, string]>> = { 1001: ['Front of house', 'Kitchen'], 1002: ['Workshop', 'Office'] }

export function seedFile(fileId: number): FileSeed {
  // Each file numbers its pay items and contacts differently, so a request sent to the wrong file fails loudly.
  const fileIndex = fileId % 1000
  const payItemBase = fileIndex * 100
  const contactBase = 5000 + fileIndex * 1000
  const payItems = LEAVE_NAMES.map((Name, i) => ({ Id: payItemBase + i + 1, Name }))
  const payGroups = (PAY_GROUP_NAMES[fileId] ?? ['Staff', 'Casual staff']).map((Name, i) => ({ Id: fileIndex * 10 + i + 1, Name }))
  const contacts: Contact[] = []
  const employees: StoredEmployee[] = []
  const balances: Record<number, StoredLeaveBalance[]> = {}
  PEOPLE.forEach(([GivenName, FamilyName], i) => {
    const Id = contactBase + i + 1
    contacts.push({
      Id,
      ContactId: `EMP${String(i + 1).padStart(3, '0')}`,
      GivenName,
      FamilyName,
      OrganisationName: null,
      EmailAddress: `${GivenName.toLowerCase()}.${FamilyName.toLowerCase()}@file${fileId}.demo.test`,
      CompanyId: null,
      Tags: i % 3 === 0 ? ['staff', 'first-aid'] : ['staff'],
      ...contactFlags({ IsActive: !INACTIVE_POSITIONS.has(i) }),
      LastModifiedDateUtc: seededStamp(i)
    })
    const paid = i !== NOT_YET_PAID_POSITION
    employees.push({
      Id,
      EmploymentTypeId: (i % 3) + 1,
      PayFrequencyId: i % 4 === 3 ? 3 : 2,
      AssignedToPayGroupId: paid ? (payGroups[i % 2]?.Id ?? null) : null,
      LastPaid: paid ? (INACTIVE_POSITIONS.has(i) ? '2025-11-20T00:00:00' : '2026-02-26T00:00:00') : null
    })
    balances[Id] = payItems.map((item, k) => ({ PayItemId: item.Id, Hours: seededHours(i, k) }))
  })
  ORGANISATIONS.forEach((OrganisationName, i) => {
    contacts.push({
      Id: contactBase + PEOPLE.length + i + 1,
      ContactId: `SUP${String(i + 1).padStart(3, '0')}`,
      GivenName: null,
      FamilyName: null,
      OrganisationName,
      EmailAddress: `accounts@${OrganisationName.toLowerCase().replace(/[^a-z]+/g, '')}.demo.test`,
      CompanyId: 9000 + fileIndex * 100 + i + 1,
      Tags: ['supplier'],
      ...contactFlags({ IsActive: true, IsSupplier: true, IsCustomer: i === 0 }),
      LastModifiedDateUtc: seededStamp(PEOPLE.length + i)
    })
  })
  return { payItems, contacts, employees, payGroups, balances }
}

function contactFlags(flags: Partial<Record<'IsActive' | 'IsCustomer' | 'IsSupplier' | 'IsContractor' | 'IsPartner', boolean>>) {
  return { IsActive: true, IsCustomer: false, IsSupplier: false, IsContractor: false, IsPartner: false, ...flags }
}

/** Contacts last changed one a day from 1 July 2025, in the vendor's seven-digit form. */
function seededStamp(position: number): string {
  return `${new Date(Date.UTC(2025, 6, 1 + position, 3, 15, 42)).toISOString().slice(0, 19)}.${String(1_234_567 + position * 7).padStart(7, '0')}`
}

/** Plausible, varied balances: annual and personal leave accrue, unpaid leave has none. */
function seededHours(person: number, payItem: number): number {
  if (LEAVE_NAMES[payItem] === 'Unpaid Leave') return 0
  const raw = ((person * 37 + payItem * 53) % 160) + 7.6
  return Math.round(raw * 100) / 100
}

/**
 * The demo files as `GET /FileIdentities` lists them, in the vendor's documented shape (its help page's
 * sample: Country and Zone are country names, CurrencyCode an ISO 4217 code).
 */
export const DEMO_FILE_IDENTITIES: readonly FileIdentity[] = [
  { Id: 1001, Name: 'Harbour Cafe Pty Ltd', Country: 'Australia', Zone: 'Australia', CurrencyCode: 'AUD', SubscriptionName: 'Payroll Demo', IsTaxRegistered: true },
  { Id: 1002, Name: 'Kauri Joinery Ltd', Country: 'New Zealand', Zone: 'New Zealand', CurrencyCode: 'NZD', SubscriptionName: 'Payroll Demo', IsTaxRegistered: true }
]
