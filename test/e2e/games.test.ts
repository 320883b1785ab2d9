// Browser journey: staff of the seeded `ocbl` league keep the box score and the final score of a
// scheduled game; then a visitor sees the result on the game page, in the player's stats, on the
// schedule (with its byes and week-offs, filtered by league) and the leaderboard.
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

/** Neither the page nor anything in it is wider than the viewport (usable at 375 px). */
const fitsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** A public read of the seeded league, straight from the API. */
async function publicJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}slug=ocbl`)
  const text = await response.text()
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 200)}`)
  return JSON.parse(text) as T
}

describe('games and box scores', () => {
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

  it('keeps a box score and final score that visitors then see on the game, stats, schedule and leaderboard pages', async () => {
    // A scheduled game of the active season whose home team has two players.
    const listed = await publicJson<{ games: ListedGame[] }>(server, '/api/gamesv2')
    let game: ListedGame | undefined
    let detail: Detail | undefined
    for (const candidate of listed.games.filter((g) => g.status === 'scheduled' && g.score_team1 === 0 && g.score_team2 === 0)) {
      const body = await publicJson<Detail>(server, `/api/gamesv2/${candidate.id}`)
      if (body.homeRoster.length >= 2) {
        game = candidate
        detail = body
        break
      }
    }
    if (!game || !detail) throw new Error('the seed has no scheduled game with a home roster')
    const [shooter, passer] = detail.homeRoster
    const shooterName = `${shooter.firstName} ${shooter.lastName}`
    const passerName = `${passer.firstName} ${passer.lastName}`

    // Staff sign in on the league's sign-in page.
    const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await staff.goto(`${server.baseUrl}/ocbl/login`)
    await staff.getByLabel('Username').fill('staff')
    await staff.getByLabel('Password').fill('staff-local')
    await staff.getByRole('button', { name: 'LOGIN' }).click()
    await staff.waitForURL('**/dashboard/seasons')

    // The admin game page: enter two players' lines.
    await staff.goto(`${server.baseUrl}/games/${game.id}`)
    await staff.getByRole('heading', { name: `${game.homeTeam.name} vs ${game.awayTeam.name}`, level: 1 }).waitFor()
    await staff.getByRole('button', { name: 'Edit Stats' }).click()
    const cell = (name: string, stat: string) => staff.getByLabel(`${name} ${stat}`, { exact: true })
    const shooterRow = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: shooterName, exact: true }) })
    await expect(shooterRow.locator('td[data-stat="FG%"]').textContent()).resolves.toBe('0.0')
    await cell(shooterName, '2PM').fill('3')
    await cell(shooterName, '2PA').fill('5')
    // FGM, FGA and FG% are worked out as the cells change: 3 of 5 is 60.0.
    await expect(shooterRow.locator('td[data-stat="FG%"]').textContent()).resolves.toBe('60.0')
    await expect(shooterRow.locator('td[data-stat="FGA"]').textContent()).resolves.toBe('5')
    await cell(shooterName, 'FTM').fill('1')
    await cell(shooterName, 'FTA').fill('2')
    await cell(shooterName, 'PTS').fill('7')
    await cell(passerName, '2PM').fill('1')
    await cell(passerName, '2PA').fill('4')
    await cell(passerName, 'PTS').fill('2')
    // The team total FG% comes from the summed made and attempted: 4 of 9.
    const homeTable = staff.getByRole('table', { name: `${game.homeTeam.name} box score (home)` })
    await expect(homeTable.locator('tfoot td[data-stat="FG%"]').textContent()).resolves.toBe('44.4')
    await staff.getByRole('button', { name: 'Save Stats' }).click()
    await staff.getByText('Stats updated successfully!').waitFor()
    await staff.getByRole('button', { name: 'Edit Stats' }).waitFor()
    await expect(shooterRow.locator('td[data-stat="PTS"]').textContent()).resolves.toBe('7')

    // Final scores that do not match the players' 9 points: the home table is flagged.
    await staff.getByRole('button', { name: 'Edit Final Scores' }).click()
    await staff.getByLabel(`${game.homeTeam.name} final score`).fill('10')
    await staff.getByLabel(`${game.awayTeam.name} final score`).fill('8')
    await staff.getByRole('button', { name: 'Save Final Scores' }).click()
    await staff.getByText('Final game score updated!').waitFor()
    const homeBox = staff.getByRole('region', { name: `Home ${game.homeTeam.name}` })
    await homeBox.getByText('Score mismatch').waitFor()
    await expect(homeBox.textContent()).resolves.toContain('add up to 9, but the final score is 10')
    await expect(
      staff
        .getByRole('region', { name: `Away ${game.awayTeam.name}` })
        .getByText('Score mismatch')
        .count(),
    ).resolves.toBe(0)
    await staff.close()

    // A visitor (a fresh context: no session) on a phone.
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const visitor = await context.newPage()
    await visitor.goto(`${server.baseUrl}/ocbl/games/${game.id}`)
    await visitor.getByText('FINAL', { exact: true }).waitFor()
    await expect(visitor.locator('.game-header-score').allTextContents()).resolves.toEqual(['10', '8'])
    const publicRow = visitor.getByRole('row').filter({ has: visitor.getByRole('link', { name: shooterName, exact: true }) })
    await expect(publicRow.locator('td[data-stat="PTS"]').textContent()).resolves.toBe('7')
    await expect(publicRow.getByRole('link', { name: shooterName }).getAttribute('href')).resolves.toBe(
      `/ocbl/players/${shooter.id}`,
    )
    expect(await fitsViewport(visitor)).toBe(true)

    // The player's stats: the game is in the log, linking back to the game page.
    await visitor.goto(`${server.baseUrl}/ocbl/player/${shooter.id}/stats`)
    await visitor.getByRole('heading', { name: shooterName, level: 1 }).waitFor()
    const logLink = visitor.locator(`a[href="/ocbl/games/${game.id}"]`).first()
    await logLink.waitFor()
    const logRow = visitor.getByRole('row').filter({ has: logLink })
    await expect(logRow.first().locator('td[data-stat="PTS"]').textContent()).resolves.toBe('7')
    await expect(logRow.first().locator('td[data-stat="FG%"]').textContent()).resolves.toBe('0.600')
    await visitor.getByRole('heading', { name: 'Season Breakdown' }).waitFor()
    expect(await fitsViewport(visitor)).toBe(true)

    // The schedule: byes and week-offs among the games; filtering by a league keeps its rows.
    await visitor.goto(`${server.baseUrl}/ocbl/schedule`)
    const schedule = visitor.getByRole('table', { name: 'Schedule' })
    await schedule.waitFor()
    expect(await schedule.getByRole('cell', { name: /\(BYE\)/ }).count()).toBeGreaterThan(0)
    expect(await schedule.getByText('No Games').count()).toBeGreaterThan(0)
    const allRows = await schedule.locator('tbody tr').count()
    const league = visitor.getByLabel('League')
    const leagueName = (await league.locator('option').nth(1).textContent()) ?? ''
    await league.selectOption({ index: 1 })
    await visitor.waitForURL(/league=\d+/)
    await expect.poll(() => schedule.locator('tbody tr').count()).toBeLessThan(allRows)
    expect(await schedule.locator('tbody tr').count()).toBeGreaterThan(0)
    // Every game row left is one of that league's: its teams are the Team filter's choices now.
    const teamChoices = await visitor.getByLabel('Team').locator('option').allTextContents()
    const matchups = await schedule.locator('tbody tr.schedule-game td:nth-child(2)').allTextContents()
    for (const matchup of matchups) {
      const [home, away] = matchup.split(' vs ')
      expect(teamChoices).toContain(home)
      expect(teamChoices).toContain(away)
    }
    expect(leagueName).not.toBe('')
    // Completed games only: byes and week-offs are not games.
    await visitor.getByLabel('Games').selectOption('completed')
    await expect.poll(() => schedule.getByText('No Games').count()).toBe(0)
    expect(await schedule.locator('tbody tr.schedule-bye').count()).toBe(0)
    expect(await fitsViewport(visitor)).toBe(true)

    // The leaderboard's three banners.
    await visitor.goto(`${server.baseUrl}/ocbl/leaderboard`)
    for (const title of ['Top Points', 'Top Threes', 'Top Team Wins']) {
      const banner = visitor.getByRole('region', { name: title })
      await banner.waitFor()
      await banner.locator('.leaderboard-item').first().waitFor()
    }
    expect(await fitsViewport(visitor)).toBe(true)
    await context.close()
  })

  it('lets staff add a game, record a line, and delete it with its box score after a second confirmation', async () => {
    const staff = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await staff.goto(`${server.baseUrl}/ocbl/login`)
    await staff.getByLabel('Username').fill('staff')
    await staff.getByLabel('Password').fill('staff-local')
    await staff.getByRole('button', { name: 'LOGIN' }).click()
    await staff.waitForURL('**/dashboard/seasons')

    await staff.goto(`${server.baseUrl}/schedule`)
    await staff.getByRole('heading', { name: 'Schedule', level: 1 }).waitFor()
    await staff.getByRole('table', { name: 'Games' }).waitFor()
    await staff.getByRole('button', { name: 'Add Game' }).click()
    const dialog = staff.getByRole('dialog', { name: 'Add Game' })
    await dialog.waitFor()
    const league = dialog.getByLabel('League')
    await expect.poll(() => league.locator('option').count()).toBeGreaterThan(1)
    await league.selectOption({ index: 1 })
    await expect.poll(() => dialog.getByLabel('Home team').locator('option').count()).toBeGreaterThan(2)
    await dialog.getByLabel('Home team').selectOption({ index: 1 })
    const home = (await dialog.getByLabel('Home team').locator('option:checked').textContent()) ?? ''
    await dialog.getByLabel('Away team').selectOption({ index: 2 })
    const away = (await dialog.getByLabel('Away team').locator('option:checked').textContent()) ?? ''
    await dialog.getByLabel('Date').fill('2025-12-20')
    await dialog.getByLabel('Time').fill('18:30')
    await dialog.getByLabel('Location').fill('E2E Gym')
    await dialog.getByRole('button', { name: 'Add Game' }).click()
    await dialog.waitFor({ state: 'detached' })
    await staff.getByText('Game created').waitFor()
    const row = staff.getByRole('row').filter({ hasText: 'E2E Gym' })
    await expect(row.textContent()).resolves.toContain('December 20, 2025')
    await expect(row.textContent()).resolves.toContain('6:30 PM')

    // Record one line for the game.
    await row.getByRole('link').click()
    await staff.waitForURL(/\/games\/\d+$/)
    await staff.getByRole('button', { name: 'Edit Stats' }).click()
    const firstInput = staff.locator('input[aria-label$=" PTS"]').first()
    await firstInput.fill('4')
    await staff.getByRole('button', { name: 'Save Stats' }).click()
    await staff.getByText('Stats updated successfully!').waitFor()

    // Delete: the server says the game has a box score, and the page asks again.
    await staff.goto(`${server.baseUrl}/schedule`)
    await staff.getByRole('row').filter({ hasText: 'E2E Gym' }).waitFor()
    await staff
      .getByRole('button', { name: `Delete ${home} vs ${away}` })
      .last()
      .click()
    const confirm = staff.getByRole('dialog', { name: 'Delete game' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    const again = staff.getByRole('dialog', { name: 'Delete the box score too?' })
    await again.getByText('This game has a box score').waitFor()
    await again.getByRole('button', { name: 'Delete game and stats' }).click()
    await staff.getByText('Game deleted').waitFor()
    await expect(staff.getByRole('row').filter({ hasText: 'E2E Gym' }).count()).resolves.toBe(0)
    await staff.close()
  })
})
