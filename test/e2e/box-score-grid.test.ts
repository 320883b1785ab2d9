// Browser journey: staff enter a box score at the desk with the keyboard and a paste from a
// spreadsheet (docs/decisions/2026-11-25-box-score-grid-keys.md): Enter and the arrows move between
// cells, a tab-separated block fills cells from the focused one, a bad block is refused whole, the
// values survive a save and a reload, and the page never scrolls sideways while the grid may.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

interface ListedGame {
  id: number
  status: string
  score_team1: number
  score_team2: number
  homeTeam: { name: string }
  awayTeam: { name: string }
}
interface Roster {
  id: number
  firstName: string
  lastName: string
}
interface Detail {
  homeRoster: Roster[]
  awayRoster: Roster[]
}

async function publicJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}slug=ocbl`)
  const text = await response.text()
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 200)}`)
  return JSON.parse(text) as T
}

/** The page itself does not scroll sideways. */
const pageFits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
/** The focused element's accessible label (the stat inputs are labelled "<player> <stat>"). */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)
/** A real paste event with the text on its clipboard, on the focused element. */
const paste = (page: Page, text: string) =>
  page.evaluate((data) => {
    const clipboardData = new DataTransfer()
    clipboardData.setData('text/plain', data)
    const target = document.activeElement
    if (!target) throw new Error('nothing focused')
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }))
  }, text)

describe('the box-score grid at the desk', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('moves with Enter and the arrows, pastes a spreadsheet block, saves it, and keeps the page from scrolling sideways', async () => {
    const listed = await publicJson<{ games: ListedGame[] }>(server, '/api/gamesv2')
    let game: ListedGame | undefined
    let detail: Detail | undefined
    for (const candidate of listed.games.filter((g) => g.status === 'scheduled' && g.score_team1 === 0 && g.score_team2 === 0)) {
      const body = await publicJson<Detail>(server, `/api/gamesv2/${candidate.id}`)
      if (body.homeRoster.length >= 3) {
        game = candidate
        detail = body
        break
      }
    }
    if (!game || !detail) throw new Error('the seed has no scheduled game with three home players')
    const [p0, p1, p2] = detail.homeRoster.map((p) => `${p.firstName} ${p.lastName}`)

    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill('staff-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')
    await page.goto(`${server.baseUrl}/games/${game.id}`)
    await page.getByRole('heading', { name: `${game.homeTeam.name} vs ${game.awayTeam.name}`, level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Edit Stats' }).click()
    const cell = (name: string, stat: string) => page.getByLabel(`${name} ${stat}`, { exact: true })
    await cell(p0, 'PTS').waitFor()

    // Focusing a cell selects it; Enter goes down to the same stat, Shift+Enter back up.
    await cell(p0, 'PTS').click()
    await page.keyboard.type('12')
    await page.keyboard.press('Enter')
    expect(await focused(page)).toBe(`${p1} PTS`)
    await page.keyboard.press('Shift+Enter')
    expect(await focused(page)).toBe(`${p0} PTS`)
    // Focus by key selects the text too: typing replaces it.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).selectionEnd)).toBe(2)
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).selectionStart)).toBe(0)
    // Right with the whole text selected moves on; Left comes back.
    await page.keyboard.press('ArrowRight')
    expect(await focused(page)).toBe(`${p0} AST`)
    await page.keyboard.press('ArrowLeft')
    expect(await focused(page)).toBe(`${p0} PTS`)
    // With the caret inside the text, Left moves the caret, not the focus.
    await page.keyboard.press('End')
    await page.keyboard.press('ArrowLeft')
    expect(await focused(page)).toBe(`${p0} PTS`)
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).selectionStart)).toBe(1)
    // Up and Down always move.
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toBe(`${p1} PTS`)
    await page.keyboard.press('ArrowDown')
    expect(await focused(page)).toBe(`${p2} PTS`)
    await page.keyboard.press('ArrowUp')
    expect(await focused(page)).toBe(`${p1} PTS`)
    // Derived columns (FGM, FGA, FG%) are stepped over.
    await cell(p0, 'TO').click()
    await page.keyboard.press('ArrowRight')
    expect(await focused(page)).toBe(`${p0} FTM`)

    // A block from a spreadsheet fills right and down from the focused cell: AST, REB, STL of two players.
    await cell(p1, 'AST').focus()
    await paste(page, '4\t6\t1\r\n2\t3\t0\r\n')
    await expect(cell(p1, 'AST').inputValue()).resolves.toBe('4')
    await expect(cell(p1, 'REB').inputValue()).resolves.toBe('6')
    await expect(cell(p1, 'STL').inputValue()).resolves.toBe('1')
    await expect(cell(p2, 'AST').inputValue()).resolves.toBe('2')
    await expect(cell(p2, 'REB').inputValue()).resolves.toBe('3')
    await expect(cell(p2, 'STL').inputValue()).resolves.toBe('0')
    // A copied percentage lands on the derived FT% column and is ignored; PTS follows the shots.
    await cell(p0, 'FTM').focus()
    await paste(page, '2\t4\t50.0\t3\t5')
    await expect(cell(p0, 'FTM').inputValue()).resolves.toBe('2')
    await expect(cell(p0, 'FTA').inputValue()).resolves.toBe('4')
    await expect(cell(p0, '2PM').inputValue()).resolves.toBe('3')
    await expect(cell(p0, '2PA').inputValue()).resolves.toBe('5')
    await expect(cell(p0, 'PTS').inputValue()).resolves.toBe('8')
    // A block with a word in it is refused whole, with the reason.
    await cell(p2, 'BLK').focus()
    await paste(page, '1\t2\nabc\t3')
    const refusal = page.getByRole('alert').filter({ hasText: 'Nothing was pasted' })
    await refusal.waitFor()
    await expect(refusal.textContent()).resolves.toContain('“abc”')
    await expect(cell(p2, 'BLK').inputValue()).resolves.toBe('')
    await expect(cell(p2, 'TO').inputValue()).resolves.toBe('')

    // Editing at desktop width: the page does not scroll sideways.
    expect(await pageFits(page)).toBe(true)
    // On a phone: the page still does not, the grid scrolls inside its own box, header and names stay put.
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await pageFits(page)).toBe(true)
    const grid = await page.evaluate(() => {
      const box = document.querySelector('.box-score-editing .table-scroll') as HTMLElement
      const header = box.querySelector('thead th') as HTMLElement
      const name = box.querySelector('.box-score-player') as HTMLElement
      return {
        scrolls: box.scrollWidth > box.clientWidth,
        header: getComputedStyle(header).position,
        name: getComputedStyle(name).position,
      }
    })
    expect(grid).toEqual({ scrolls: true, header: 'sticky', name: 'sticky' })
    // Moving to a cell off to the right scrolls the grid, not the page.
    await cell(p0, '3PA').focus()
    expect(await pageFits(page)).toBe(true)
    await page.setViewportSize({ width: 1280, height: 900 })

    await page.getByRole('button', { name: 'Save Stats' }).click()
    await page.getByText('Stats updated successfully!').waitFor()
    await page.reload()
    await page.getByRole('button', { name: 'Edit Stats' }).waitFor()
    const shown = async (name: string, stat: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .locator(`td[data-stat="${stat}"]`)
        .first()
        .textContent()
    await expect(shown(p0, 'PTS')).resolves.toBe('8')
    await expect(shown(p0, 'FTM')).resolves.toBe('2')
    await expect(shown(p0, '2PA')).resolves.toBe('5')
    await expect(shown(p1, 'AST')).resolves.toBe('4')
    await expect(shown(p1, 'REB')).resolves.toBe('6')
    await expect(shown(p2, 'REB')).resolves.toBe('3')
    // p1's PTS: typed 12 on p0 was replaced by the shots; p1 has no points.
    await expect(shown(p1, 'PTS')).resolves.toBe('0')
    // Not editing, at a phone's width, the page does not scroll sideways either.
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await pageFits(page)).toBe(true)
    await page.close()
  })
})
