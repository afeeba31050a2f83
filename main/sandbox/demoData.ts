import type { Contact, FileIdentity, PayItem } from '../../shared/apiSchemas'
import type { StoredLeaveBalance } from './types'

/**
 * The sandbox's demo world, seeded deterministically so tests and screenshots see the same data every run.
 * These credentials are public demo data: printing them (CLI banner, README) is fine.
 */
export const DEMO_CREDENTIALS = {
  clerk: { username: 'clerk@demo.test', password: 'demo-password' },
  solo: { username: 'solo@demo.test', password: 'demo-password' },
  legacyKey: { wsAccessKey: 'demo-ws-key-1001', fileId: 1001 }
} as const

export interface DemoUser {
  username: string
  password: string
  fileIds: number[]
}

export const DEMO_USERS: readonly DemoUser[] = [
  { ...DEMO_CREDENTIALS.clerk, fileIds: [1001, 1002] },
  { ...DEMO_CREDENTIALS.solo, fileIds: [1002] }
]

export const DEMO_LEGACY_KEYS: readonly { wsAccessKey: string; fileId: number }[] = [DEMO_CREDENTIALS.legacyKey]

export const DEMO_FILE_IDS: readonly number[] = [1001, 1002]

/** A file's seeded contents. Employees are the contacts with IsEmployee, so their Ids are contact Ids. */
export interface FileSeed {
  payItems: PayItem[]
  contacts: Contact[]
  /** Leave balances by employee (contact) Id. */
  balances: Record<number, StoredLeaveBalance[]>
}

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

export function seedFile(fileId: number): FileSeed {
  // Each file numbers its pay items and contacts differently, so a request sent to the wrong file fails loudly.
  const fileIndex = fileId % 1000
  const payItemBase = fileIndex * 100
  const contactBase = 5000 + fileIndex * 1000
  const payItems = LEAVE_NAMES.map((Name, i) => ({ Id: payItemBase + i + 1, Name }))
  const contacts: Contact[] = []
  const balances: Record<number, StoredLeaveBalance[]> = {}
  PEOPLE.forEach(([GivenName, FamilyName], i) => {
    const Id = contactBase + i + 1
    contacts.push({
      Id,
      GivenName,
      FamilyName,
      OrganisationName: null,
      EmailAddress: `${GivenName.toLowerCase()}.${FamilyName.toLowerCase()}@file${fileId}.demo.test`,
      IsEmployee: true,
      IsActive: !INACTIVE_POSITIONS.has(i)
    })
    balances[Id] = payItems.map((item, k) => ({ PayItemId: item.Id, Hours: seededHours(i, k) }))
  })
  ORGANISATIONS.forEach((OrganisationName, i) => {
    contacts.push({
      Id: contactBase + PEOPLE.length + i + 1,
      GivenName: null,
      FamilyName: null,
      OrganisationName,
      EmailAddress: `accounts@${OrganisationName.toLowerCase().replace(/[^a-z]+/g, '')}.demo.test`,
      IsEmployee: false,
      IsActive: true
    })
  })
  return { payItems, contacts, balances }
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
