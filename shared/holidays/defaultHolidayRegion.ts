import { countryCodeOf } from '../countryCode'

/**
 * The region to offer first when a file has none yet. The file's own country (payroll's FileIdentities)
 * comes first: a clerk in Sydney may run a New Zealand business's payroll. Within the country, and when
 * payroll does not say, the computer's time zone names the state better than the locale does (en-AU says
 * nothing of New South Wales). The clerk is asked once and can pick another.
 */

const AU_TIME_ZONES: Readonly<Record<string, string>> = {
  'Australia/Sydney': 'AU-NSW',
  'Australia/Broken_Hill': 'AU-NSW',
  'Australia/Canberra': 'AU-ACT',
  'Australia/ACT': 'AU-ACT',
  'Australia/Melbourne': 'AU-VIC',
  'Australia/Brisbane': 'AU-QLD',
  'Australia/Lindeman': 'AU-QLD',
  'Australia/Perth': 'AU-WA',
  'Australia/Adelaide': 'AU-SA',
  'Australia/Hobart': 'AU-TAS',
  'Australia/Darwin': 'AU-NT'
}

export function defaultHolidayRegion(locale: string, timeZone: string | undefined, fileCountry?: string | null): string {
  const country = countryCodeOf(fileCountry)
  if (country === 'NZ') return timeZone === 'Pacific/Chatham' ? 'NZ-CIT' : 'NZ'
  if (country === 'AU') return (timeZone && AU_TIME_ZONES[timeZone]) || 'AU'
  if (timeZone && AU_TIME_ZONES[timeZone]) return AU_TIME_ZONES[timeZone]
  if (timeZone === 'Pacific/Chatham') return 'NZ-CIT'
  if (timeZone === 'Pacific/Auckland') return 'NZ'
  const localeCountry = /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1]?.toUpperCase()
  if (localeCountry === 'NZ') return 'NZ'
  // Australia is the payroll's home market: the sensible guess when the computer says nothing useful.
  return 'AU'
}
