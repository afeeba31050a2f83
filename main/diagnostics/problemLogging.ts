/**
 * What goes wrong anywhere in the app reaches main.log, so one file tells support the story: main's own
 * uncaught exceptions and unhandled rejections, processes Chromium reports gone (the page, GPU, network
 * service, utilities), and the page's errors (React, Dexie, the queue), which Chromium hands main as the
 * page's console messages. A page stuck in an error loop cannot flood the log: at most
 * RENDERER_LINES_PER_MINUTE lines a minute, each cut to MAX_LINE_CHARS.
 */
export const RENDERER_LINES_PER_MINUTE = 60
export const MAX_LINE_CHARS = 2_000

export interface ProblemLog {
  error(message: string): void
  warn(message: string): void
}

interface EventSource {
  on(event: string, listener: (...args: never[]) => void): unknown
}

export function logMainProblems(deps: { process: EventSource; app: EventSource; log: ProblemLog }): void {
  const { log } = deps
  deps.process.on('uncaughtException', (error: unknown) => log.error(`Uncaught exception in main: ${describe(error)}`))
  deps.process.on('unhandledRejection', (reason: unknown) => log.error(`Unhandled rejection in main: ${describe(reason)}`))
  deps.app.on('child-process-gone', (_event: unknown, details: { type?: string; reason?: string; exitCode?: number; name?: string }) =>
    log.warn(`A ${details.type ?? 'child'} process${details.name ? ` (${details.name})` : ''} ended: ${details.reason ?? 'unknown'} (exit code ${details.exitCode ?? '?'})`)
  )
  deps.app.on('render-process-gone', (_event: unknown, _contents: unknown, details: { reason?: string; exitCode?: number }) =>
    log.warn(`A page's process ended: ${details.reason ?? 'unknown'} (exit code ${details.exitCode ?? '?'})`)
  )
}

/** Chromium's console-message levels, old (0–3) and new ('info'…'error') spellings. */
const LEVELS: Record<string, 'info' | 'warning' | 'error' | 'debug'> = { '0': 'debug', '1': 'info', '2': 'warning', '3': 'error' }

/** A console-message listener for a page's webContents: its warnings and errors into main.log, bounded. */
export function rendererConsoleToLog(log: ProblemLog, now: () => number = Date.now) {
  let windowStart = now()
  let written = 0
  let dropped = 0
  return (event: { level?: unknown; message?: unknown; lineNumber?: unknown; sourceId?: unknown }, legacyLevel?: unknown, legacyMessage?: unknown) => {
    const level = typeof event.level === 'string' ? event.level : LEVELS[String(legacyLevel)]
    if (level !== 'error' && level !== 'warning') return
    const at = now()
    if (at - windowStart >= 60_000) {
      if (dropped > 0) log.warn(`[renderer] ${dropped} more messages in the last minute were not logged`)
      windowStart = at
      written = 0
      dropped = 0
    }
    if (written >= RENDERER_LINES_PER_MINUTE) {
      dropped += 1
      return
    }
    written += 1
    const message = String(event.message ?? legacyMessage ?? '').slice(0, MAX_LINE_CHARS)
    const where = typeof event.sourceId === 'string' && event.sourceId ? ` (${event.sourceId.replace(/^.*\//, '')}:${String(event.lineNumber ?? '?')})` : ''
    if (level === 'error') log.error(`[renderer] ${message}${where}`)
    else log.warn(`[renderer] ${message}${where}`)
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack.split('\n').slice(1, 6).join('\n')}` : ''}`
  return typeof error === 'string' ? error : typeof error
}
