/**
 * Spelling for Australian and New Zealand clerks. Windows and macOS check spelling with the operating
 * system's own checker (nothing downloaded). On Linux Chromium downloads Hunspell dictionaries, by default
 * from Google's servers, a host IT has not been told about: there they come from the organisation's update
 * feed (`<feed>/dictionaries/en-AU-*.bdic`, docs/deploying.md) or spell checking stays off.
 */
export const SPELLCHECK_LANGUAGES = ['en-AU', 'en-NZ']

export type SpellcheckSetup = { enabled: false } | { enabled: true; languages: string[] | null; dictionaryUrl: string | null }

export function spellcheckSetup(platform: NodeJS.Platform, organisationFeedUrl: string | null): SpellcheckSetup {
  // macOS: the OS checker follows the user's own language list; Electron ignores the app's.
  if (platform === 'darwin') return { enabled: true, languages: null, dictionaryUrl: null }
  if (platform === 'win32') return { enabled: true, languages: SPELLCHECK_LANGUAGES, dictionaryUrl: null }
  if (!organisationFeedUrl) return { enabled: false }
  return { enabled: true, languages: SPELLCHECK_LANGUAGES, dictionaryUrl: new URL('dictionaries/', organisationFeedUrl.endsWith('/') ? organisationFeedUrl : `${organisationFeedUrl}/`).href }
}
