import { dialog, type BrowserWindow } from 'electron'
import type { RecoveryNotice } from './windowRecovery'

/** The clerk-facing questions and notices main shows, in plain words. */

export async function askBeforeClosing(parent: BrowserWindow | null, inFlight: number): Promise<boolean> {
  const options = {
    type: 'question' as const,
    buttons: ['Wait for the answers, then close', 'Keep working'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
    message: inFlight === 1 ? 'A leave request is being sent to payroll.' : `${inFlight} leave requests are being sent to payroll.`,
    detail:
      'If Leave Desk closes before payroll answers, you will have to check in payroll whether they arrived. ' +
      'Leave Desk can wait a few seconds for the answers and then close.'
  }
  const { response } = parent && !parent.isDestroyed() ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options)
  return response === 0
}

export async function tellRecovery(parent: BrowserWindow, notice: RecoveryNotice, logFile: string): Promise<boolean> {
  if (notice.kind === 'reloaded') {
    await dialog.showMessageBox(parent, {
      type: 'warning',
      message: 'Leave Desk had to reload its window.',
      detail:
        `The window stopped working (${notice.cause}). Your drafts are kept on this computer. ` +
        'A request that was being sent at that moment is marked Uncertain: check it in payroll.'
    })
    return false
  }
  const { response } = await dialog.showMessageBox(parent, {
    type: 'error',
    buttons: ['Reload', 'Quit'],
    defaultId: 0,
    cancelId: 1,
    noLink: true,
    message: 'Leave Desk keeps stopping.',
    detail: `The window failed several times in a minute (${notice.cause}). Your drafts are kept. If this goes on, send the log file to support:\n${logFile}`
  })
  return response === 0
}

/** Before or after `ready`: showErrorBox works either way and needs no window. */
export function showStartupFailure(cause: string, logFile: string): void {
  dialog.showErrorBox(
    'Leave Desk could not start',
    `${cause}\n\nYour drafts have not been touched. Send this log file to support when you report the problem:\n${logFile}`
  )
}
