/**
 * Server text on its way to the clerk: one line, bounded, and with anything that looks like a credential
 * blanked (an error page may echo the request URL, and the legacy key travels in the query string).
 */
const MAX_MESSAGE_LENGTH = 500

export function plainText(text: string): string {
  const oneLine = redactSecrets(text).replace(/\s+/g, ' ').trim()
  return oneLine.length > MAX_MESSAGE_LENGTH ? `${oneLine.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : oneLine
}

export function redactSecrets(text: string): string {
  return text
    .replace(/(wsaccesskey=)[^&\s"'<]+/gi, '$1[hidden]')
    .replace(/(bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi, '$1[hidden]')
    .replace(/("?(?:access_token|refresh_token|password)"?\s*[:=]\s*"?)[^"&\s,}]+/gi, '$1[hidden]')
}
