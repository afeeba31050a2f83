#!/usr/bin/env node
// Before `electron .` (npm start): Electron 45 has no install script and fetches its binary the first
// time it is started. Where that download is blocked, Electron prints a stack trace that says nothing of
// what to do; this says it in one message instead, and exits 1.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const require = createRequire(import.meta.url)
const electronDir = path.dirname(require.resolve('electron/package.json'))
const { version } = require('electron/package.json')

const MISSING_MESSAGE =
  `Leave Desk cannot start: the Electron ${version} binary is not on this computer and could not be downloaded. ` +
  'npm start needs it once: allow the download from github.com (through HTTPS_PROXY if you use a proxy), ' +
  'or set ELECTRON_MIRROR to a mirror your organisation allows, or put the binary in place with ' +
  'ELECTRON_OVERRIDE_DIST_PATH. Building and the tests do not need it.'

function installed() {
  try {
    const executable = readFileSync(path.join(electronDir, 'path.txt'), 'utf-8')
    const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(electronDir, 'dist')
    if (process.env.ELECTRON_OVERRIDE_DIST_PATH === undefined && readFileSync(path.join(dist, 'version'), 'utf-8').replace(/^v/, '') !== version) return false
    return existsSync(path.join(dist, executable))
  } catch {
    return false
  }
}

if (!installed()) {
  console.log(`Fetching the Electron ${version} binary (once)…`)
  const fetched = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], { encoding: 'utf-8' })
  if (fetched.status !== 0 || !installed()) {
    const reason = `${fetched.stderr ?? ''}`.split('\n').find((line) => line.trim() !== '')
    console.error(`\n${MISSING_MESSAGE}${reason ? `\n(${reason.trim()})` : ''}\n`)
    process.exit(1)
  }
}
