/**
 * The CSP sent with every page the app protocol serves. Scripts only from the app's own origin (no
 * inline, no eval): an injected string can never become code. The renderer never talks to the network
 * itself (main does), so connect-src is the app's own origin too.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // The spreadsheet reader's worker (renderer/src/import/spreadsheetWorker.ts) is a file of the app's own.
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "frame-ancestors 'none'"
].join('; ')
