import type { Page } from '@playwright/test'

/**
 * Everything the page reports as going wrong: uncaught exceptions and console errors, which include
 * Chromium's own reports (a CSP violation, a failed resource load). A test asserts the list is empty.
 */
export function collectConsoleErrors(page: Page): () => string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const { url, lineNumber } = message.location()
    errors.push(`console error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`)
  })
  page.on('pageerror', (error) => errors.push(`uncaught ${error.name}: ${error.message}`))
  return () => [...errors]
}
