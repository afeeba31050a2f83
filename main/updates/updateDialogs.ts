import { dialog, type BrowserWindow } from 'electron'
import type { UpdateCheckOutcome } from './updateService'

/** Help → Check for updates: the answer, in plain words. Nothing here asks the clerk to do anything technical. */
export async function tellUpdateCheck(parent: BrowserWindow | null, outcome: UpdateCheckOutcome, currentVersion: string): Promise<void> {
  const options = { type: 'info' as const, buttons: ['OK'], noLink: true, ...wordsFor(outcome, currentVersion) }
  if (parent && !parent.isDestroyed()) await dialog.showMessageBox(parent, options)
  else await dialog.showMessageBox(options)
}

function wordsFor(outcome: UpdateCheckOutcome, currentVersion: string): { message: string; detail: string } {
  const named = (version: string | undefined) => (version ? `Version ${version}` : 'A new version')
  switch (outcome.kind) {
    case 'up-to-date':
      return { message: 'Leave Desk is up to date.', detail: `You have version ${currentVersion}.` }
    case 'downloading':
      return { message: `${named(outcome.version)} is downloading.`, detail: 'The window will say when it is ready. You can keep working.' }
    case 'ready':
      return { message: `${named(outcome.version)} is ready.`, detail: 'Choose "Restart to update" at the top of the window when it suits you.' }
    case 'failed':
      return { message: 'Leave Desk could not check for updates just now.', detail: 'It will try again later. You can keep working.' }
    case 'off':
      return { message: 'This copy of Leave Desk does not check for updates.', detail: 'Ask whoever installed it for a newer version.' }
  }
}
