/**
 * The region to offer first when a file has none yet, from the computer's locale and time zone. The
 * time zone names the state better than the locale does (en-AU says nothing of New South Wales); the
 * clerk is asked once and can pick another.
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

export function defaultHolidayRegion(locale: string, timeZone: string | undefined): string {
  if (timeZone && AU_TIME_ZONES[timeZone]) return AU_TIME_ZONES[timeZone]
  if (timeZone === 'Pacific/Chatham') return 'NZ-CIT'
  if (timeZone === 'Pacific/Auckland') return 'NZ'
  const country = /[-_]([A-Za-z]{2})\b/.exec(locale)?.[1]?.toUpperCase()
  if (country === 'NZ') return 'NZ'
  // Australia is the payroll's home market: the sensible guess when the computer says nothing useful.
  return 'AU'
}
