import path from 'node:path'

/**
 * Chromium's crash reporter, started before `ready` so a crash of any process (main, the page, the GPU or
 * network service) leaves a minidump. Nothing is uploaded anywhere: the dumps stay in the logs folder
 * ("Open logs folder" in Settings), in `crashes/`, where IT or support can collect them with main.log.
 */
export interface CrashReporterLike {
  start(options: { uploadToServer: boolean; submitURL: string; compress: boolean; ignoreSystemCrashHandler: boolean }): void
}

export function crashDumpsFolder(logsDir: string): string {
  return path.join(logsDir, 'crashes')
}

export function startCrashReporting(deps: { logsDir: string; setCrashDumpsPath: (dir: string) => void; crashReporter: CrashReporterLike }): void {
  // The dumps' folder must be set before the reporter starts: Crashpad reads it once.
  deps.setCrashDumpsPath(crashDumpsFolder(deps.logsDir))
  deps.crashReporter.start({ uploadToServer: false, submitURL: '', compress: true, ignoreSystemCrashHandler: false })
}
