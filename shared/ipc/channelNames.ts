/**
 * The wire names of every IPC channel, kept free of zod so the preload can import them without bundling
 * a schema library into the sandboxed preload. `contract.ts` attaches the schemas to these same keys;
 * the property names are the function names on `window.leaveDesk`.
 */
export const INVOKE_CHANNELS = {
  signInWithPassword: 'session:sign-in-with-password',
  signInWithLegacyKey: 'session:sign-in-with-legacy-key',
  signOut: 'session:sign-out',
  getSessionStatus: 'session:status',
  allowUnencryptedTokenStorage: 'session:allow-unencrypted-token-storage',
  withdrawUnencryptedTokenStorage: 'session:withdraw-unencrypted-token-storage',
  listFiles: 'session:list-files',
  insertLeaveRequest: 'leave-request:insert',
  getLeaveRequest: 'leave-request:get',
  putLeaveRequest: 'leave-request:put',
  listEntitlements: 'payroll:list-entitlements',
  listEmployees: 'payroll:list-employees',
  listContacts: 'contacts:list',
  getSettings: 'settings:get',
  updateSettings: 'settings:update',
  getConnectivityStatus: 'connectivity:status',
  getAppInfo: 'app:info',
  listWritesInFlight: 'leave-request:writes-in-flight',
  takeSettledWrites: 'leave-request:take-settled-writes',
  testConnection: 'settings:test-connection',
  openLogsFolder: 'app:open-logs-folder',
  checkConnectivity: 'connectivity:check',
  listFileIdentities: 'session:list-file-identities',
  getUpdateStatus: 'updates:status',
  restartToUpdate: 'updates:restart',
  getTeamServer: 'team:get-server',
  saveTeamServer: 'team:save-server',
  forgetTeamServer: 'team:forget-server',
  testTeamServer: 'team:test-server',
  teamFetch: 'team:fetch',
  shareOfficeBudget: 'team:share-office-budget',
  practiceColleagueRequests: 'team:practice-colleague-requests'
} as const

/** Pushed from main to the window; keyed by the subscribe function's name on `window.leaveDesk`. */
export const EVENT_CHANNELS = {
  onSessionChanged: 'session:changed',
  onConnectivityChanged: 'connectivity:changed',
  onUpdateStatus: 'updates:changed'
} as const

export type InvokeName = keyof typeof INVOKE_CHANNELS
export type EventName = keyof typeof EVENT_CHANNELS
