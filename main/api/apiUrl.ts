/** Joins a path onto the configured base URL whether or not it ends in a slash or carries a path. */
export function apiUrl(baseUrl: string, path: string): URL {
  return new URL(relativePath(path), apiBaseUrl(baseUrl))
}

/** The configured base URL as the base of relative paths (ending in a slash); parse it once, join many. */
export function apiBaseUrl(baseUrl: string): URL {
  return new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
}

/** A path below the base URL, relative to it (no leading slash), so the base's own path is kept. */
export function relativePath(path: string): string {
  return path.replace(/^\/+/, '')
}
