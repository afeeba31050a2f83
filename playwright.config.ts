import { defineConfig } from '@playwright/test'

/**
 * End-to-end tests. Browser projects drive Debian's Chromium (the Playwright browser download is not
 * available here) against the built renderer served on 127.0.0.1; the electron project launches the real
 * app and skips itself where the Electron binary is missing.
 */
const CHROMIUM = process.env.LEAVE_DESK_CHROMIUM ?? '/usr/bin/chromium'
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic'
]

export default defineConfig({
  testDir: 'test/e2e',
  outputDir: 'test-results',
  // A shared 2-core machine: one worker, generous timeouts, no retries that hide flakiness.
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    {
      name: 'electron',
      testMatch: /electron\.spec\.ts$/
    },
    {
      name: 'chromium',
      testMatch: /\.spec\.ts$/,
      testIgnore: /electron\.spec\.ts$/,
      use: {
        browserName: 'chromium',
        headless: true,
        launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_FLAGS },
        trace: 'retain-on-failure'
      }
    }
  ]
})
