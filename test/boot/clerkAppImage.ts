import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { bootBuiltMain, menuItems, until, type BootedMain } from './bootBuiltMain'

/** The new release's "AppImage": a script that says it was started, so the test sees the relaunch. */
export const NEW_RELEASE = Buffer.from('#!/bin/sh\necho "Leave Desk 0.2.0 started" > "$LEAVE_DESK_TEST_MARKER"\n')
export const NEW_VERSION = '0.2.0'
const FILE_NAME = `Leave-Desk-${NEW_VERSION}.AppImage`

export interface UpdateFeedServer {
  /** The feed's address, as the releaser would publish it (a generic provider's folder). */
  url: string
  /** Paths asked for, in order. */
  asked: string[]
  close(): Promise<void>
}

/**
 * A generic update feed as electron-builder publishes one, on 127.0.0.1: `latest-linux*.yml` naming
 * version 0.2.0 and its AppImage with size and sha512, and the AppImage itself. `served` is what the
 * AppImage's address answers: the release itself, or (to test the checksum) other bytes.
 */
export async function serveUpdateFeed(served: Buffer = NEW_RELEASE): Promise<UpdateFeedServer> {
  const sha512 = createHash('sha512').update(NEW_RELEASE).digest('base64')
  const feed = [
    `version: ${NEW_VERSION}`,
    'files:',
    `  - url: ${FILE_NAME}`,
    `    sha512: ${sha512}`,
    `    size: ${NEW_RELEASE.length}`,
    `path: ${FILE_NAME}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-20T09:00:00.000Z'",
    ''
  ].join('\n')
  const asked: string[] = []
  const server: Server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname
    asked.push(pathname)
    if (/^\/leave-desk\/latest-linux[\w-]*\.yml$/.test(pathname)) {
      response.writeHead(200, { 'content-type': 'text/yaml' }).end(feed)
    } else if (pathname === `/leave-desk/${FILE_NAME}`) {
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': served.length }).end(served)
    } else {
      response.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/leave-desk/`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

/** The clerk's installed AppImage before the update: it would say so if it were started. */
export const OLD_RELEASE = '#!/bin/sh\necho "Leave Desk 0.1.0 started" > "$LEAVE_DESK_TEST_MARKER"\n'

export interface ClerkAppImage {
  booted: BootedMain
  feed: UpdateFeedServer
  /** The AppImage the clerk runs (APPIMAGE). */
  appImage: string
  /** Written by whichever AppImage is started. */
  startedMarker: string
  /** Where electron-updater keeps a finished download. */
  pendingDir: string
  cleanUp(): Promise<void>
}

/**
 * The built main, at version 0.1.0, run as an AppImage would run it (APPIMAGE names the file, downloads
 * go to the XDG cache) with the env naming a generic feed on 127.0.0.1 that serves `served`.
 */
export async function bootClerkAppImage(served?: Buffer): Promise<ClerkAppImage> {
  const feed = await serveUpdateFeed(served)
  const clerkDir = await mkdtemp(path.join(tmpdir(), 'leave-desk-appimage-'))
  const appImage = path.join(clerkDir, 'Leave-Desk.AppImage')
  const startedMarker = path.join(clerkDir, 'started.txt')
  await writeFile(appImage, OLD_RELEASE)
  await chmod(appImage, 0o755)
  const env = { LEAVE_DESK_UPDATE_FEED_URL: feed.url, APPIMAGE: appImage, XDG_CACHE_HOME: path.join(clerkDir, 'cache'), LEAVE_DESK_TEST_MARKER: startedMarker }
  const booted = await bootBuiltMain(env, { tamper: (double) => void (double.app.getVersion = () => '0.1.0') })
  const logFile = path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log')
  await until(() => existsSync(logFile) && readFileSync(logFile, 'utf8').includes('Updates on'), 'updates on')
  return {
    booted,
    feed,
    appImage,
    startedMarker,
    pendingDir: path.join(clerkDir, 'cache', 'leave-desk-updater', 'pending'),
    async cleanUp() {
      await feed.close()
      for (const dir of [booted.workDir, clerkDir]) await rm(dir, { recursive: true, force: true })
    }
  }
}

/** Help → Check for updates, as the clerk clicks it; answers the dialog's words. */
export async function checkFromHelpMenu(booted: BootedMain): Promise<unknown> {
  const shown = booted.double.dialogs.length
  menuItems(booted.double).find((item) => item.label === 'Check for updates…')!.click!({} as never, undefined, {} as never)
  await until(() => booted.double.dialogs.length > shown, 'the answer to the check')
  return (booted.double.dialogs.at(-1)?.options as { message?: unknown } | undefined)?.message
}

/** The update statuses main sent the window, oldest first. */
export function statusesSent(booted: BootedMain): { state: string; version?: string }[] {
  return booted.double.windows
    .flatMap((window) => window.webContents.sent)
    .filter(([channel]) => channel === 'updates:changed')
    .map(([, payload]) => payload as { state: string; version?: string })
}
