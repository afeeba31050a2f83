import path from 'node:path'

export interface InstallFacts {
  platform: NodeJS.Platform
  /** Electron's `process.resourcesPath`. */
  resourcesPath: string
  /** `app.getPath('exe')`. */
  exePath: string
  env: Record<string, string | undefined>
  /** Reads a small file, or null when it is not there. */
  readText: (filePath: string) => string | null
}

/**
 * Why the in-app updater must leave this installation alone, or null. A deb (or rpm) is updated by the
 * system's package manager: electron-updater would otherwise fetch the next .deb itself and ask for root.
 * A Windows install for all users (under Program Files) belongs to IT: a clerk cannot write there, and
 * IT rolls new versions out with its own tools. electron-builder writes `resources/package-type` into the
 * Linux packages it makes (deb, rpm, pacman); the AppImage has none.
 */
export function updatedElsewhere(facts: InstallFacts): string | null {
  if (facts.platform === 'linux') {
    const packageType = facts.readText(path.join(facts.resourcesPath, 'package-type'))?.trim()
    if (packageType && packageType !== 'AppImage') return `it was installed from the ${packageType} package, which the system's package manager updates`
    return null
  }
  if (facts.platform === 'win32') {
    const exe = path.win32.normalize(facts.exePath).toLowerCase()
    const perMachine = [facts.env.ProgramFiles, facts.env['ProgramFiles(x86)'], facts.env.ProgramW6432]
      .filter((dir): dir is string => Boolean(dir))
      .some((dir) => exe.startsWith(path.win32.normalize(dir).toLowerCase().replace(/\\?$/, '\\')))
    if (perMachine) return 'it is installed for all users of this computer (Program Files), which IT updates'
  }
  return null
}
