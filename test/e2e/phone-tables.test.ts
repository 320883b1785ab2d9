// Browser check of the phone-first public tables (docs/phone-tables.md): at 375 px the standings
// (/{slug}/teamList)
// show position, team, W, L and Pct, and the schedule date, matchup, time and result, inside the
// screen with no sideways scroll, axe clean; at 1280 px the spec's full columns are all there.
// Needs the SPA built and Chromium.
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown }[]
}

async function axeViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE_PATH })
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Violation[] }> } }).axe
    const result = await axe.run(document, { resultTypes: ['violations'] })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 3) }))
  })
  return (found as Violation[]).filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** The page scrolls sideways when its content is wider than the window. */
const pageOverflow = (page: Page) => page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth)

/** Right edges (px) of the first rows' cells of the given classes; -1 for a hidden cell. */
const cellEdges = (page: Page, rowSelector: string, cellSelector: string) =>
  page
    .locator(rowSelector)
    .first()
    .locator(cellSelector)
    .evaluateAll((cells) =>
      cells.map((cell) => {
        const box = cell.getBoundingClientRect()
        return box.width > 0 && getComputedStyle(cell).display !== 'none' ? Math.round(box.right) : -1
      }),
    )

describe('public tables on a phone', () => {
  let server: TestServer
  let browser: Browser
  let phone: Page
  let desktop: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    // bypassCSP: axe is injected as a script the site's own policy would refuse.
    phone = await (
      await browser.newContext({ bypassCSP: true, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
    ).newPage()
    desktop = await (await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })).newPage()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('shows the standings position, team, W, L and Pct within 375 px, axe clean', async () => {
    await phone.goto(`${server.baseUrl}/ocbl/teamList`)
    const table = phone.locator('table.standings-table')
    await table.waitFor()
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0)
    const headers = await table
      .locator('thead th')
      .evaluateAll((ths) => ths.filter((th) => getComputedStyle(th).display !== 'none').map((th) => th.textContent?.trim() ?? ''))
    // Each visible header reads its long name (for screen readers) and its short one.
    expect(headers.join('|')).toMatch(/Pos.*Team.*Division.*W.*L.*Pct/)
    expect(headers.join('|')).not.toMatch(/Captain|FT%|3PM/)
    const edges = await cellEdges(phone, 'table.standings-table tbody tr', 'td')
    const shown = edges.filter((edge) => edge >= 0)
    expect(shown.length).toBe(6)
    for (const edge of shown) expect(edge).toBeLessThanOrEqual(375)
    const pct = await table.locator('tbody tr').first().locator('td.cell-phone-only').textContent()
    expect(pct?.trim()).toMatch(/^(—|\.\d{3}|1\.000)$/)
    expect(await axeViolations(phone)).toEqual([])
  })

  it('shows each schedule game as a card with date, matchup, time and result within 375 px, axe clean', async () => {
    await phone.goto(`${server.baseUrl}/ocbl/schedule`)
    const firstGame = phone.locator('table.schedule-table tr.schedule-game').first()
    await firstGame.waitFor()
    expect(await pageOverflow(phone)).toBeLessThanOrEqual(0)
    for (const cell of ['.sched-date', '.sched-matchup', '.sched-time', '.sched-result']) {
      const box = await firstGame.locator(cell).boundingBox()
      expect(box, cell).not.toBeNull()
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 375, cell).toBe(true)
      expect((await firstGame.locator(cell).textContent())?.trim(), cell).not.toBe('')
    }
    expect(await axeViolations(phone)).toEqual([])
  })

  it('keeps every spec column of the standings and the schedule at 1280 px', async () => {
    await desktop.goto(`${server.baseUrl}/ocbl/teamList`)
    const table = desktop.locator('table.standings-table')
    await table.waitFor()
    const headers = await table
      .locator('thead th')
      .evaluateAll((ths) =>
        ths
          .filter((th) => getComputedStyle(th).display !== 'none')
          .map((th) => (th as HTMLElement).innerText.trim().toLowerCase()),
      )
    // innerText: what shows (the headers are upper-cased by the style sheet).
    expect(headers).toEqual(['position', 'team', 'captain', 'division', 'wins', 'losses', 'ft%', '3pm'])
    await desktop.goto(`${server.baseUrl}/ocbl/schedule`)
    await desktop.locator('table.schedule-table tr.schedule-game').first().waitFor()
    const scheduleHeaders = await desktop.locator('table.schedule-table thead th').allTextContents()
    expect(scheduleHeaders).toEqual(['Date', 'Matchup', 'Time', 'Results', 'Status'])
    expect(await axeViolations(desktop)).toEqual([])
  })
})
