// Browser check of what a phone visitor and the desk reach at 375 px (docs/phone-tables.md), on the
// seeded `ocbl` league: the key column of every public table is on screen or its box says it
// scrolls (words, a named region that takes focus); "Edit Final Scores" opens with the final-score
// inputs on screen; the Leader Board does not move on a phone or with reduced motion and shows the
// #1 name whole; every tap target of a public page is at least 24 px each way (WCAG 2.2 target size).
// Needs the SPA built into web/dist (`npm run build`) and Chromium.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const PHONE = { width: 375, height: 740 }

interface ListedGame {
  id: number
  status: string
  score_team1: number | null
  team1_id: number
  homeTeam: { name: string }
  awayTeam: { name: string }
}

/**
 * Each `main` table holding a column headed `column`: whether that column's first cell shows
 * whole inside its box and the screen, and whether the box says it scrolls ("Scroll for more" and
 * a focusable named region).
 */
function columnReach(page: Page, column: string) {
  return page.evaluate((column) => {
    const found: { column: string; inView: boolean; cue: boolean; table: string }[] = []
    for (const table of document.querySelectorAll('main table')) {
      const headers = [...table.querySelectorAll('thead th')]
      const index = headers.findIndex((th) => (th.textContent ?? '').trim().toUpperCase() === column.toUpperCase())
      if (index < 0) continue
      const header = headers[index] as HTMLElement
      if (header.getClientRects().length === 0) continue
      const box = table.closest('.table-scroll') as HTMLElement | null
      const cell = header.getBoundingClientRect()
      const limit = box ? box.getBoundingClientRect() : document.documentElement.getBoundingClientRect()
      const inView = cell.left >= limit.left - 1 && cell.right <= Math.min(limit.right, window.innerWidth) + 1
      const hint = box?.previousElementSibling
      const cue = Boolean(
        box &&
          box.getAttribute('role') === 'region' &&
          box.tabIndex === 0 &&
          hint?.classList.contains('table-scroll-hint') &&
          hint.getClientRects().length > 0,
      )
      found.push({ column, inView, cue, table: table.className })
    }
    return found
  }, column)
}

/** Tap targets smaller than 24 × 24 px, other than links inside running text (WCAG 2.5.8's inline exception). */
function smallTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = []
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, select, input, summary, [tabindex="0"]')) {
      const rect = element.getBoundingClientRect()
      if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden') continue
      if (element.closest('[inert], [aria-hidden="true"]')) continue
      if (element.classList.contains('skip-link')) continue
      const parent = element.parentElement
      const inline =
        element.tagName === 'A' &&
        parent &&
        ['P', 'LI', 'TD', 'SPAN', 'SMALL'].includes(parent.tagName) &&
        (parent.textContent ?? '').trim().length > (element.textContent ?? '').trim().length + 2
      if (inline) continue
      if (rect.height < 24 || rect.width < 24)
        small.push(
          `${element.tagName} "${(element.textContent ?? '').trim().slice(0, 30)}" ${rect.width.toFixed(0)}×${rect.height.toFixed(0)}`,
        )
    }
    return small
  })
}

describe('reach at 375 px', () => {
  let server: TestServer
  let browser: Browser
  let game: ListedGame
  let playerId: number

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    const json = async <T>(path: string) => (await (await fetch(`${server.baseUrl}${path}`)).json()) as T
    const { games } = await json<{ games: ListedGame[] }>('/api/gamesv2?slug=ocbl')
    game = games.find((g) => (g.score_team1 ?? 0) > 0) ?? games[0]
    const { playerStats } = await json<{ playerStats: { player_id: number }[] }>(`/api/gamesv2/${game.id}?slug=ocbl`)
    playerId = playerStats[0].player_id
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it("shows each table's key column on screen, or says the table scrolls", async () => {
    const context = await browser.newContext({ viewport: PHONE, bypassCSP: true })
    const page = await context.newPage()
    const checks: [string, string, string[]][] = [
      [`/ocbl/teams/${game.team1_id}`, 'main table tbody tr', ['Results']],
      [`/ocbl/players/${playerId}`, 'main table tbody tr', ['Result']],
      ['/ocbl/records', 'main table tbody tr', ['Game', 'Season']],
      [`/ocbl/games/${game.id}`, '.box-score-table tbody tr', ['BLK', 'TO', 'PF']],
    ]
    const problems: string[] = []
    for (const [path, rows, columns] of checks) {
      await page.goto(`${server.baseUrl}${path}`)
      await page.locator(rows).first().waitFor()
      await page.waitForTimeout(300) // the boxes measure themselves after layout
      let seen = 0
      for (const column of columns) {
        for (const reach of await columnReach(page, column)) {
          seen++
          if (!reach.inView && !reach.cue) problems.push(`${path}: ${column} clipped without a cue (${reach.table})`)
        }
      }
      expect(seen, `${path}: a table with ${columns.join(', ')}`).toBeGreaterThan(0)
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        `${path} scrolls sideways`,
      ).toBeLessThanOrEqual(0)
      expect(await axeViolations(page), path).toEqual([])
    }
    expect(problems).toEqual([])
    await context.close()
  }, 180_000)

  it('opens "Edit Final Scores" with the final-score inputs on screen', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill('staff-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/**')
    await page.goto(`${server.baseUrl}/games/${game.id}`)
    await page.getByRole('heading', { name: `${game.homeTeam.name} vs ${game.awayTeam.name}`, level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Edit Final Scores' }).click()
    for (const team of [game.homeTeam.name, game.awayTeam.name]) {
      const input = page.getByLabel(`${team} final score`, { exact: true })
      await input.waitFor()
      const box = await input.boundingBox()
      expect(box, team).not.toBeNull()
      expect(box?.x ?? -1, `${team} final score starts on screen`).toBeGreaterThanOrEqual(0)
      expect((box?.x ?? 0) + (box?.width ?? 0), `${team} final score ends on screen`).toBeLessThanOrEqual(PHONE.width)
    }
    await context.close()
  }, 120_000)

  it('keeps the Leader Board still on a phone and with reduced motion, with the #1 name whole', async () => {
    for (const [viewport, reducedMotion] of [
      [PHONE, 'no-preference'],
      [{ width: 1280, height: 900 }, 'reduce'],
    ] as const) {
      const context = await browser.newContext({ viewport, reducedMotion })
      const page = await context.newPage()
      await page.goto(`${server.baseUrl}/ocbl/leaderboard`)
      await page.locator('.leaderboard-name').first().waitFor()
      const state = await page.evaluate(() => {
        const tracks = [...document.querySelectorAll<HTMLElement>('.leaderboard-track')]
        const names = [
          ...document.querySelectorAll<HTMLElement>(
            '.leaderboard-list:not([aria-hidden]) .leaderboard-item:first-child .leaderboard-name',
          ),
        ]
        return {
          moving: tracks.filter((t) => getComputedStyle(t).animationName !== 'none').length,
          cut: names
            .filter((name) => {
              const rect = name.getBoundingClientRect()
              const window_ = name.closest('.leaderboard-banner')?.getBoundingClientRect()
              return (
                !window_ ||
                rect.left < window_.left ||
                rect.right > window_.right + 0.5 ||
                name.scrollWidth > name.clientWidth + 1
              )
            })
            .map((name) => name.textContent),
          count: names.length,
        }
      })
      expect(state.count, `${viewport.width} px`).toBeGreaterThan(0)
      expect(state.moving, `${viewport.width} px, ${reducedMotion}: tickers moving`).toBe(0)
      expect(state.cut, `${viewport.width} px, ${reducedMotion}: #1 names cut`).toEqual([])
      await context.close()
    }
  }, 120_000)

  it('gives every tap target of a public page at least 24 × 24 px', async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    const paths = [
      '/ocbl',
      '/ocbl/schedule',
      '/ocbl/teamList',
      '/ocbl/players',
      `/ocbl/players/${playerId}`,
      `/ocbl/teams/${game.team1_id}`,
      `/ocbl/games/${game.id}`,
      '/ocbl/leaderboard',
      '/ocbl/records',
    ]
    const small: string[] = []
    for (const path of paths) {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' })
      await page.locator('.site-footer .footer-login').waitFor()
      for (const target of await smallTargets(page)) small.push(`${path}: ${target}`)
    }
    expect(small).toEqual([])
    await context.close()
  }, 180_000)
})
