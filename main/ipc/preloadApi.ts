import { EVENT_CHANNELS, INVOKE_CHANNELS, type EventName, type InvokeName } from '../../shared/ipc/channelNames'
import type { LeaveDeskApi } from '../../shared/ipc/types'

/**
 * Builds `window.leaveDesk` from the contract's channel names. Imports channel names and types only (no
 * zod), so the sandboxed preload bundle stays free of any runtime `require` but `electron`.
 */

/** The part of Electron's ipcRenderer the page's API uses. */
export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown
}

export function createLeaveDeskApi(ipcRenderer: IpcRendererLike): LeaveDeskApi {
  const call = <K extends InvokeName>(name: K) =>
    ((...args: unknown[]) => ipcRenderer.invoke(INVOKE_CHANNELS[name], ...args)) as LeaveDeskApi[K]

  const subscribe = <E extends EventName>(name: E) =>
    ((listener: (payload: unknown) => void) => {
      // The IPC event object carries `sender` (the ipcRenderer itself): it must never reach the page.
      const forward = (_event: unknown, payload: unknown) => listener(payload)
      ipcRenderer.on(EVENT_CHANNELS[name], forward)
      return () => {
        ipcRenderer.removeListener(EVENT_CHANNELS[name], forward)
      }
    }) as LeaveDeskApi[E]

  return {
    signInWithPassword: call('signInWithPassword'),
    signInWithLegacyKey: call('signInWithLegacyKey'),
    signOut: call('signOut'),
    getSessionStatus: call('getSessionStatus'),
    allowUnencryptedTokenStorage: call('allowUnencryptedTokenStorage'),
    withdrawUnencryptedTokenStorage: call('withdrawUnencryptedTokenStorage'),
    listFiles: call('listFiles'),
    insertLeaveRequest: call('insertLeaveRequest'),
    getLeaveRequest: call('getLeaveRequest'),
    putLeaveRequest: call('putLeaveRequest'),
    listEntitlements: call('listEntitlements'),
    listEmployees: call('listEmployees'),
    listContacts: call('listContacts'),
    getSettings: call('getSettings'),
    updateSettings: call('updateSettings'),
    getConnectivityStatus: call('getConnectivityStatus'),
    getAppInfo: call('getAppInfo'),
    listWritesInFlight: call('listWritesInFlight'),
    takeSettledWrites: call('takeSettledWrites'),
    testConnection: call('testConnection'),
    openLogsFolder: call('openLogsFolder'),
    checkConnectivity: call('checkConnectivity'),
    listFileIdentities: call('listFileIdentities'),
    getUpdateStatus: call('getUpdateStatus'),
    restartToUpdate: call('restartToUpdate'),
    getTeamServer: call('getTeamServer'),
    saveTeamServer: call('saveTeamServer'),
    forgetTeamServer: call('forgetTeamServer'),
    testTeamServer: call('testTeamServer'),
    teamFetch: call('teamFetch'),
    shareOfficeBudget: call('shareOfficeBudget'),
    practiceColleagueRequests: call('practiceColleagueRequests'),
    onSessionChanged: subscribe('onSessionChanged'),
    onConnectivityChanged: subscribe('onConnectivityChanged'),
    onUpdateStatus: subscribe('onUpdateStatus')
  } satisfies LeaveDeskApi
}
