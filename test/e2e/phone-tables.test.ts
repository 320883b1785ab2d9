// Browser check of the phone-first public tables (docs/phone-tables.md), on the seeded `ocbl`
// league: at 375 px the standings show position, team, division, W, L and Pct and the schedule
// shows each game's date, matchup, time and result, all inside the screen with no sideways scroll
// and no serious axe finding; a table that still scrolls (the full standings just above the phone
// layout) says so in words, shades the side with more and takes keyboard focus; at 1280 px the
// spec's columns are all there; the Players page opens on the first league, not an empty prompt.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const PHONE = 375
/** Just above the phone layout (600 px and under): the full standings, wider than their box. */
const TABLET = 601

/** The header text on screen of each displayed column: the short form where one shows. */
const shownHeaders = (page: Page, tableSelector: string) =>
  page.locator(`${tableSelector} thead th`).evaluateAll((cells) =>
    cells
      .filter((th) => getComputedStyle(th).display !== 'none')
      .map((th) => {
        const short = th.querySelector('.label-short')
        if (short && getComputedStyle(short).display !== 'none') return (short.textContent ?? '').trim()
        return (th.querySelector('.label-long')?.textContent ?? th.textContent ?? '').trim()
      }),
  )

/** How far the page itself scrolls sideways (0 when it does not). */
const pageOverflow = (page: Page) =>
  page.evaluate(() => Math.max(0, (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth))

interface CellBox {
  /** The column's header as screen readers name it (the full name, not the phone's short one). */
  column: string
  text: string
  shown: boolean
  left: number
  right: number
}

/**
 * The cells of a table's first `count` rows of the given class, each with its column's header name,
 * whether it is displayed, and its left and right edges in the viewport.
 */
function firstRows(page: Page, tableSelector: string, rowSelector: string, count: number): Promise<CellBox[][]> {
  return page.evaluate(
    ([tableSelector, rowSelector, count]) => {
      const table = document.querySelector(tableSelector as string)
      if (!table) throw new Error(`no ${tableSelector}`)
      const names = [...table.querySelectorAll('thead th')].map((th) =>
        (th.querySelector('.label-long')?.textContent ?? th.textContent ?? '').trim(),
      )
      return [...table.querySelectorAll(`tbody ${rowSelector}`)].slice(0, count as number).map((tr) =>
        [...tr.children].map((cell, index) => {
          const box = cell.getBoundingClientRect()
          return {
            column: names[index] ?? '',
            text: (cell as HTMLElement).innerText.trim(),
            shown: getComputedStyle(cell).display !== 'none' && box.width > 0 && box.height > 0,
            left: box.left,
            right: box.right,
          }
        }),
      )
    },
    [tableSelector, rowSelector, count] as const,
  )
}

describe('public tables on a phone', () => {
  let server: TestServer
  let browser: Browser
  let contexts: BrowserContext[] = []
  /** A phone (375 px, touch) and a desktop browser whose width the tests set. */
  let phone: Page
  let wide: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    // The site's CSP allows no inline script; axe-core is injected as one.
    contexts = [
      await browser.newContext({ bypassCSP: true, viewport: { width: PHONE, height: 812 }, isMobile: true, hasTouch: true }),
      await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } }),
    ]
    phone = await contexts[0].newPage()
    wide = await contexts[1].newPage()
  }, 180_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await server?.stop()
  })

  it('shows the standings position, team, division, W, L and Pct inside 375 px, axe clean', async () => {
    await phone.goto(`${server.baseUrl}/ocbl/teamList`)
    const table = phone.getByRole('table', { name: 'Standings' })
    await table.waitFor()

    expect(await pageOverflow(phone), 'the page scrolls sideways').toBe(0)
    // The columns a phone shows, each named in full for screen readers, in short on screen.
    const headers = table.getByRole('columnheader')
    const names = ['Position', 'Team', 'Division', 'Wins', 'Losses', 'Winning percentage']
    expect(await headers.count()).toBe(names.length)
    for (const name of names) expect(await table.getByRole('columnheader', { name, exact: true }).count(), name).toBe(1)
    expect(await shownHeaders(phone, 'table.standings-table')).toEqual(['Pos', 'Team', 'Division', 'W', 'L', 'Pct'])

    const rows = await firstRows(phone, 'table.standings-table', 'tr', 3)
    expect(rows.length).toBe(3)
    for (const row of rows) {
      const shown = row.filter((cell) => cell.shown)
      expect(shown.map((cell) => cell.column)).toEqual(names)
      for (const cell of shown) {
        expect(cell.left, `${cell.column} starts on screen`).toBeGreaterThanOrEqual(0)
        expect(cell.right, `${cell.column} ends on screen`).toBeLessThanOrEqual(PHONE)
      }
      const byColumn = new Map(shown.map((cell) => [cell.column, cell.text]))
      expect(byColumn.get('Wins')).toMatch(/^\d+$/)
      expect(byColumn.get('Losses')).toMatch(/^\d+$/)
      expect(byColumn.get('Winning percentage')).toMatch(/^(\.\d{3}|1\.000|—)$/)
      // The captain folds under the team name rather than taking a column.
      expect(byColumn.get('Team')).toMatch(/\n?Captain /)
    }
    // The leader of a league with games played has a real percentage: wins ÷ (wins + losses).
    const leader = new Map(rows[0].filter((cell) => cell.shown).map((cell) => [cell.column, cell.text]))
    const wins = Number(leader.get('Wins'))
    const losses = Number(leader.get('Losses'))
    expect(wins + losses).toBeGreaterThan(0)
    expect(Number(leader.get('Winning percentage'))).toBeCloseTo(wins / (wins + losses), 3)

    // The table fits, so it is no scroll region and no tab stop, and no cue shows.
    await expect(phone.locator('.table-scroll-hint').count()).resolves.toBe(0)
    await expect(phone.locator('.table-scroll[tabindex]').count()).resolves.toBe(0)
    expect(await axeViolations(phone)).toEqual([])
  })

  it('shows each schedule game as a card with date, matchup, time and result inside 375 px, axe clean', async () => {
    await phone.goto(`${server.baseUrl}/ocbl/schedule`)
    await phone.getByRole('table', { name: 'Schedule' }).waitFor()
    await phone.locator('table.schedule-table tr.schedule-game').first().waitFor()

    expect(await pageOverflow(phone), 'the page scrolls sideways').toBe(0)
    const rows = await firstRows(phone, 'table.schedule-table', 'tr.schedule-game', 4)
    expect(rows.length).toBe(4)
    for (const row of rows) {
      const cells = new Map(row.map((cell) => [cell.column, cell]))
      for (const column of ['Date', 'Matchup', 'Time', 'Results', 'Status']) {
        const cell = cells.get(column)
        expect(cell?.shown, `${column} is shown`).toBe(true)
        expect(cell?.text, `${column} has text`).not.toBe('')
        expect(cell?.left, `${column} starts on screen`).toBeGreaterThanOrEqual(0)
        expect(cell?.right, `${column} ends on screen`).toBeLessThanOrEqual(PHONE)
      }
      expect(cells.get('Date')?.text).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
      expect(cells.get('Matchup')?.text).toMatch(/^.+ vs .+$/)
      expect(cells.get('Time')?.text).toMatch(/^(\d{1,2}:\d{2} [AP]M|TBD)$/)
    }
    // The seed's first games are played: their cards show the score.
    expect(rows[0].find((cell) => cell.column === 'Results')?.text).toMatch(/^\d+ - \d+$/)
    await expect(phone.locator('.table-scroll-hint').count()).resolves.toBe(0)
    expect(await axeViolations(phone)).toEqual([])
  })

  it('marks a table that still scrolls: a "Scroll for more" line, a shade, and a focusable named region', async () => {
    // Just above the phone layout the standings show every spec column and are wider than the box.
    await wide.setViewportSize({ width: TABLET, height: 900 })
    await wide.goto(`${server.baseUrl}/ocbl/teamList`)
    await wide.getByRole('table', { name: 'Standings' }).waitFor()
    const region = wide.getByRole('region', { name: 'Standings (scrolls sideways)' })
    await region.waitFor()
    expect(await pageOverflow(wide), 'the page scrolls sideways').toBe(0)
    await expect(wide.getByText('Scroll for more →').isVisible()).resolves.toBe(true)
    // The shade: the box's background has the edge shadows that show where it scrolls.
    await expect(region.evaluate((box) => getComputedStyle(box).backgroundImage)).resolves.toMatch(
      /radial-gradient.*radial-gradient/,
    )

    // The keyboard reaches it right after the filters, and the arrow keys scroll it to the end.
    await wide.getByLabel('Division').focus()
    await wide.keyboard.press('Tab')
    await expect(region.evaluate((element) => element === document.activeElement)).resolves.toBe(true)
    const scrolled = () =>
      region.evaluate((box) => ({ left: box.scrollLeft, end: box.scrollLeft >= box.scrollWidth - box.clientWidth - 1 }))
    for (let press = 0; press < 30 && !(await scrolled()).end; press += 1) await wide.keyboard.press('ArrowRight')
    const after = await scrolled()
    expect(after.left).toBeGreaterThan(0)
    expect(after.end).toBe(true)
    await expect(wide.getByRole('columnheader', { name: '3PM', exact: true }).isVisible()).resolves.toBe(true)
    expect(await axeViolations(wide)).toEqual([])
  })

  it('keeps every spec column of the standings and the schedule at 1280 px', async () => {
    await wide.setViewportSize({ width: 1280, height: 900 })
    await wide.goto(`${server.baseUrl}/ocbl/teamList`)
    const table = wide.getByRole('table', { name: 'Standings' })
    await table.waitFor()
    const columns = ['Position', 'Team', 'Captain', 'Division', 'Wins', 'Losses', 'FT%', '3PM']
    expect(await table.getByRole('columnheader').count()).toBe(columns.length)
    for (const name of columns) expect(await table.getByRole('columnheader', { name, exact: true }).count(), name).toBe(1)
    expect(await shownHeaders(wide, 'table.standings-table')).toEqual(columns)
    const [first] = await firstRows(wide, 'table.standings-table', 'tr', 1)
    expect(first.filter((cell) => cell.shown).map((cell) => cell.column)).toEqual(columns)
    expect(first.find((cell) => cell.column === 'FT%')?.text).toMatch(/^\d+\.\d$/)
    // The captain has its own column, so nothing is folded under the team name.
    expect(first.find((cell) => cell.column === 'Team')?.text).not.toContain('Captain')
    await expect(wide.locator('.table-scroll-hint').count()).resolves.toBe(0)
    expect(await pageOverflow(wide)).toBe(0)
    expect(await axeViolations(wide)).toEqual([])

    await wide.goto(`${server.baseUrl}/ocbl/schedule`)
    const schedule = wide.getByRole('table', { name: 'Schedule' })
    await schedule.waitFor()
    await wide.locator('table.schedule-table tr.schedule-game').first().waitFor()
    const scheduleColumns = ['Date', 'Matchup', 'Time', 'Results', 'Status']
    const headers = schedule.getByRole('columnheader')
    expect(await shownHeaders(wide, 'table.schedule-table')).toEqual(scheduleColumns)
    // A table again, not cards: the header row is on screen and the cells of a row share a line.
    const headerBox = await headers.first().boundingBox()
    expect(headerBox?.height ?? 0).toBeGreaterThan(10)
    const [game] = await firstRows(wide, 'table.schedule-table', 'tr.schedule-game', 1)
    const tops = await wide
      .locator('table.schedule-table tr.schedule-game')
      .first()
      .locator('td')
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().top)))
    expect(new Set(tops).size).toBe(1)
    expect(game.every((cell) => cell.shown)).toBe(true)
    expect(await axeViolations(wide)).toEqual([])
  })

  it('opens the Players page on the first league, and "-- LEAGUES --" brings the prompt back', async () => {
    await phone.goto(`${server.baseUrl}/ocbl/playerList`)
    await phone.getByRole('heading', { name: 'Players', level: 1 }).waitFor()
    const league = phone.getByLabel('League')
    await phone.locator('.player-cards a').first().waitFor()
    // The first league offered (the spec's name order) is the one shown.
    const firstOption = await league.locator('option').nth(1).getAttribute('value')
    expect(firstOption).toBeTruthy()
    expect(await league.inputValue()).toBe(firstOption)
    expect(await phone.locator('.player-cards a').count()).toBeGreaterThan(0)
    await expect(phone.getByText('Search for a player by name, or choose a league or a team.').count()).resolves.toBe(0)
    expect(await pageOverflow(phone)).toBe(0)
    expect(await axeViolations(phone)).toEqual([])

    await league.selectOption({ index: 0 })
    await phone.getByText('Search for a player by name, or choose a league or a team.').waitFor()
    await expect(phone.locator('.player-cards a').count()).resolves.toBe(0)
  })
})
