import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * electron-updater reads its feed from an app-update.yml: also for a feed named by the env, since the
 * download step needs the file's `updaterCacheDirName` even when the feed itself was set in code. This
 * writes the same file electron-builder would write for a generic provider, in the app's data folder.
 */
export async function writeGenericFeedConfig(dir: string, url: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const filePath = path.join(dir, 'app-update.yml')
  // A JSON string is a valid YAML double-quoted scalar: no YAML library needed to quote a URL.
  const yaml = ['provider: generic', `url: ${JSON.stringify(url)}`, 'updaterCacheDirName: leave-desk-updater', ''].join('\n')
  await writeFile(filePath, yaml, 'utf8')
  return filePath
}
