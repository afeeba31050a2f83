/** Joins a path onto the configured base URL whether or not it ends in a slash or carries a path. */
export function apiUrl(baseUrl: string, path: string): URL {
  return new URL(path.replace(/^\/+/, ''), baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`)
}
