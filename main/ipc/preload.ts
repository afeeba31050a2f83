import { contextBridge, ipcRenderer } from 'electron'
import { createLeaveDeskApi } from './preloadApi'

// The only thing the page gets from the preload: one object of named functions, no ipcRenderer.
contextBridge.exposeInMainWorld('leaveDesk', createLeaveDeskApi(ipcRenderer))

// A file dragged over or dropped on the window would otherwise open it in place of the app (main refuses
// that navigation too). A drop zone in the page handles its own events before they get here.
// (Typed by hand: main's tsconfig has no DOM types.)
const page = globalThis as unknown as { addEventListener(type: string, listener: (event: { preventDefault(): void }) => void): void }
for (const type of ['dragover', 'drop']) page.addEventListener(type, (event) => event.preventDefault())
