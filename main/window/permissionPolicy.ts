import { isAppUrl } from '../ipc/senderPolicy'

/**
 * Which web permissions the app page gets: none, except keeping its own storage durable. Drafts live in
 * the page's IndexedDB, and `navigator.storage.persist()` asks that Chromium never evict them under disk
 * pressure; a clerk's unsent leave requests are exactly the data that must not silently disappear.
 */
const GRANTED_TO_APP = new Set(['persistent-storage'])

export function isPermissionGranted(permission: string, requestingUrl: string | undefined): boolean {
  return GRANTED_TO_APP.has(permission) && requestingUrl !== undefined && isAppUrl(requestingUrl)
}
