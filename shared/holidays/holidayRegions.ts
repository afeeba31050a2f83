/**
 * The places whose public holidays Leave Desk knows: Australia with its states and territories, New
 * Zealand with its regions (each has its own anniversary day). A region is stored per payroll file as
 * its code, e.g. `AU-NSW` or `NZ-WGN`; a bare `AU` or `NZ` means national holidays only.
 */

export interface HolidayRegionInfo {
  code: string
  country: 'AU' | 'NZ'
  /** The state, territory or region code date-holidays uses; absent for national holidays only. */
  subdivision?: string
  label: string
}

const AU_STATES: readonly [string, string][] = [
  ['ACT', 'Australian Capital Territory'],
  ['NSW', 'New South Wales'],
  ['NT', 'Northern Territory'],
  ['QLD', 'Queensland'],
  ['SA', 'South Australia'],
  ['TAS', 'Tasmania'],
  ['VIC', 'Victoria'],
  ['WA', 'Western Australia']
]

const NZ_REGIONS: readonly [string, string][] = [
  ['AUK', 'Auckland'],
  ['BOP', 'Bay of Plenty'],
  ['CAN', 'Canterbury'],
  ['CIT', 'Chatham Islands'],
  ['GIS', 'Gisborne'],
  ['HKB', "Hawke's Bay"],
  ['MBH', 'Marlborough'],
  ['MWT', 'Manawatū-Whanganui'],
  ['NSN', 'Nelson'],
  ['NTL', 'Northland'],
  ['OTA', 'Otago'],
  ['STL', 'Southland'],
  ['TAS', 'Tasman'],
  ['TKI', 'Taranaki'],
  ['WKO', 'Waikato'],
  ['WGN', 'Wellington'],
  ['WTC', 'West Coast']
]

export const HOLIDAY_REGIONS: readonly HolidayRegionInfo[] = [
  { code: 'AU', country: 'AU', label: 'Australia (national holidays only)' },
  ...AU_STATES.map(([sub, name]) => ({ code: `AU-${sub}`, country: 'AU' as const, subdivision: sub, label: `${name}, Australia` })),
  { code: 'NZ', country: 'NZ', label: 'New Zealand (national holidays only)' },
  ...NZ_REGIONS.map(([sub, name]) => ({ code: `NZ-${sub}`, country: 'NZ' as const, subdivision: sub, label: `${name}, New Zealand` }))
]

const BY_CODE = new Map(HOLIDAY_REGIONS.map((region) => [region.code, region]))

/** The region for a stored code, or undefined when the code is not one we know (an old or edited value). */
export function holidayRegion(code: string): HolidayRegionInfo | undefined {
  return BY_CODE.get(code)
}

export function isHolidayRegionCode(code: string): boolean {
  return BY_CODE.has(code)
}
