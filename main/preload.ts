import { contextBridge, ipcRenderer } from 'electron'
import { buildLeaveDeskApi } from './preloadApi'

// The only thing the page gets from the preload: one object of named functions, no ipcRenderer.
contextBridge.exposeInMainWorld('leaveDesk', buildLeaveDeskApi(ipcRenderer))
