import { useEffect } from 'react'
import { DEFAULT_SETTINGS, type LeaveDeskApi, type SessionStatus } from '../../../shared/ipc'
import { useUiStore } from './uiStore'

/** What the app assumes when main cannot even say whether the clerk is signed in. */
const UNKNOWN_SESSION: SessionStatus = { state: 'signed-out', fileIds: [], refreshExpiresSoon: false, persistence: 'this-run-only' }

/**
 * Loads the session, connectivity, app info and settings from main, and keeps session and connectivity
 * current from main's events. An event that arrives before the first answer wins over that answer.
 */
export function useMainEvents(api: LeaveDeskApi): void {
  useEffect(() => {
    const store = useUiStore.getState()
    let heardSession = false
    let heardConnectivity = false
    let current = true
    const stopSession = api.onSessionChanged((session) => {
      heardSession = true
      store.setSession(session)
    })
    const stopConnectivity = api.onConnectivityChanged((connectivity) => {
      heardConnectivity = true
      store.setConnectivity(connectivity)
    })
    void api.getSessionStatus().then((result) => {
      if (current && !heardSession) store.setSession(result.ok ? result.value : UNKNOWN_SESSION)
    })
    void api.getConnectivityStatus().then((result) => {
      if (current && !heardConnectivity && result.ok) store.setConnectivity(result.value)
    })
    void api.getAppInfo().then((result) => current && result.ok && store.setAppInfo(result.value))
    void api.getSettings().then((result) => current && store.setSettings(result.ok ? result.value : DEFAULT_SETTINGS))
    return () => {
      current = false
      stopSession()
      stopConnectivity()
    }
  }, [api])
}
