/**
 * The ISO 3166-1 alpha-2 code of a file's country, from what `GET /FileIdentities` says: the vendor writes
 * the country's name ("Australia"), a sandbox or proxy may write the code ("AU"). Null when unknown, so a
 * caller can fall back (no public-holiday region) instead of guessing.
 */
const CODES_BY_NAME: Readonly<Record<string, string>> = {
  australia: 'AU',
  'new zealand': 'NZ',
  'united kingdom': 'GB',
  singapore: 'SG',
  'united states': 'US',
  canada: 'CA',
  'south africa': 'ZA'
}

export function countryCodeOf(country: string | null | undefined): string | null {
  const text = (country ?? '').trim()
  if (/^[A-Za-z]{2}$/.test(text)) return text.toUpperCase()
  return CODES_BY_NAME[text.toLowerCase()] ?? null
}
