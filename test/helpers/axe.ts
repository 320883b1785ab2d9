// axe-core in a real page, for the browser tests: the serious and critical violations of the page
// as it is now. The page's context must bypass the site's CSP (axe is injected as a script).
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: string[]; failureSummary?: string }[]
}

/** Serious and critical axe-core violations of the page as it is now (the first five nodes of each). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: AXE_PATH })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: AxeViolation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }))
  })
  return (violations as AxeViolation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}
