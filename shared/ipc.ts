/** The IPC contract between main and the renderer; the pieces live in ./ipc/. */
export * from './ipc/channelNames'
export * from './ipc/contract'
export * from './ipc/types'
export * from './ipc/sessionStatus'
export * from './ipc/connectivity'
export * from './ipc/settings'
export * from './ipc/appInfo'
export * from './ipc/updateStatus'
