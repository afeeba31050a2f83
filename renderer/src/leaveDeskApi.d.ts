import type { LeaveDeskApi } from '../../shared/ipc/types'

declare global {
  interface Window {
    /** Exposed by the preload (main/ipc/preload.ts); absent when the page runs outside the app. */
    leaveDesk?: LeaveDeskApi
  }
}

export {}
