import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootBuiltMain, until, type BootedMain } from './bootBuiltMain'

/** The built app's diagnostics: crash dumps, and main.log hearing about everything that goes wrong. */
const savedEnv = { ...process.env }
let booted: BootedMain
let logFile = ''
const logText = () => readFileSync(logFile, 'utf8')

beforeAll(async () => {
  booted = await bootBuiltMain()
  logFile = path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'main.log')
  await until(() => existsSync(logFile) && logText().includes('started with'), 'the start')
}, 30_000)

afterAll(async () => {
  process.env = savedEnv
  if (booted) await rm(booted.workDir, { recursive: true, force: true })
})

describe('when something goes wrong', () => {
  it('starts the crash reporter before ready, keeping minidumps in the logs folder and uploading nothing', () => {
    const calls = booted.callsBeforeReady
    const dumps = calls.indexOf('app.setPath crashDumps')
    const start = calls.findIndex((call) => call.startsWith('crashReporter.start '))
    expect(dumps).toBeGreaterThanOrEqual(0)
    expect(start).toBeGreaterThan(dumps)
    expect(JSON.parse(calls[start]!.slice('crashReporter.start '.length))).toMatchObject({ uploadToServer: false })
    expect(booted.double.app.getPath('crashDumps')).toBe(path.join(booted.workDir, 'appData', 'leave-desk', 'logs', 'crashes'))
  })

  it('a page error (React, Dexie, the queue) reaches main.log; the page’s plain logging does not', async () => {
    const page = booted.double.windows[0]!.webContents
    page.emit('console-message', { level: 'error', message: 'Uncaught TypeError: draft.lines is undefined', lineNumber: 12, sourceId: 'app://leave-desk/assets/index.js' })
    page.emit('console-message', { level: 'info', message: 'just saying' })
    await until(() => logText().includes('draft.lines is undefined'), 'the renderer line')
    expect(logText()).toMatch(/\[error\].*\[renderer\] Uncaught TypeError: draft\.lines is undefined \(index\.js:12\)/)
    expect(logText()).not.toContain('just saying')
  })

  it('logs main’s unhandled rejections and uncaught exceptions, and processes that went away, without exiting', async () => {
    process.emit('unhandledRejection', new Error('a promise nobody caught'), Promise.resolve())
    process.emit('uncaughtException', new Error('a throw nobody caught'))
    booted.double.app.emit('child-process-gone', {}, { type: 'GPU', reason: 'crashed', exitCode: 11 })
    booted.double.app.emit('render-process-gone', {}, {}, { reason: 'oom', exitCode: 9 })
    await until(() => logText().includes('oom'), 'the process lines')
    expect(logText()).toContain('Unhandled rejection in main: Error: a promise nobody caught')
    expect(logText()).toContain('Uncaught exception in main: Error: a throw nobody caught')
    expect(logText()).toContain('A GPU process ended: crashed (exit code 11)')
    expect(logText()).toContain("A page's process ended: oom (exit code 9)")
    expect(booted.double.app.exitCodes).toEqual([])
  })

  it('Linux without an organisation feed: spell checking off rather than a dictionary from Google’s servers', () => {
    expect(booted.double.calls).toContain('session.setSpellCheckerEnabled false')
    expect(booted.double.calls.some((call) => call.startsWith('session.setSpellCheckerDictionaryDownloadURL'))).toBe(false)
  })
})
