import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * Runs axe-core on the page (or part of it) against the WCAG 2.x A and AA rules and fails with a
 * readable list of the serious and critical violations. Minor and moderate findings are left to review:
 * they are often judgement calls, and a test that fails on them would get switched off.
 */
export const WCAG_2_A_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

const BLOCKING_IMPACTS = new Set(['serious', 'critical'])

export interface A11yContext {
  /** Names the screen in the failure message, e.g. 'the sign-in screen'. */
  screen: string
  /** A CSS selector to check instead of the whole page. */
  include?: string
  /** CSS selectors to leave out (say, a third-party widget the app does not control). */
  exclude?: string[]
}

export async function expectNoSeriousA11yViolations(page: Page, context: string | A11yContext): Promise<void> {
  const { screen, include, exclude = [] } = typeof context === 'string' ? { screen: context } : context
  let builder = new AxeBuilder({ page }).withTags(WCAG_2_A_AA_TAGS)
  if (include) builder = builder.include(include)
  for (const selector of exclude) builder = builder.exclude(selector)
  const results = await builder.analyze()

  const problems = results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) => `${violation.id} (${violation.impact}): ${violation.help} — at ${node.target.map(String).join(' ')} — ${violation.helpUrl}`
      )
    )
  expect(problems, `Serious or critical accessibility violations on ${screen} (WCAG 2 A/AA)`).toEqual([])
}
