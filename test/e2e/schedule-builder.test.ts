// Browser journey (docs/reference/schedule-builder.md): the owner of the seeded `ocbl` league builds a schedule for a league
// with an odd number of teams — 12 Mondays, slots 18:00, 19:00, 20:00, two teams unable to play at
// 18:00 — generates it, reads its fairness, swaps two matchups, adds a week-off, records a final
// score and regenerates without losing that game; then a visitor sees the week-off and a bye on
// the public schedule.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiFromPage, launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const SCHEDULE_NAME = 'E2E Mondays'
const START_DATE = '2026-01-05' // a Monday
const WEEK_OFF_DATE = '2026-01-19' // week 3 of the schedule

interface WeeklyGame {
  id: number
  date: string
  time: string
  score_team1: number
  score_team2: number
  homeTeam: { id: number; name: string }
  awayTeam: { id: number; name: string }
}

/** Neither the page nor anything in it is wider than the viewport (usable at 375 px). */
const fitsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Opens a collapsible section of the builder if it is closed. */
async function openSection(page: Page, title: string) {
  const toggle = page.getByRole('heading', { name: title, exact: true }).getByRole('button')
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true')
}

/** The matchup button of a game cell ("Home vs Away"); the lock toggle beside it has no text. */
const gameButton = (cell: Locator) => cell.getByRole('button', { name: / vs / }).filter({ hasText: ' vs ' })

describe('schedule builder', () => {
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

  it('builds, generates, swaps and regenerates a schedule, keeping a played game, and visitors see its week-off and byes', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')

    // A league of the active season with an odd number of teams: someone sits out every night.
    const seasons = await apiFromPage<{ seasons: { id: number; active: boolean }[] }>(page, 'GET', '/api/seasonsv2')
    const season = seasons.body.seasons.find((s) => s.active)
    if (!season) throw new Error('the seed has no active season')
    const leagues = await apiFromPage<{ leagues: { id: number; name: string; teamsCount: number }[] }>(
      page,
      'GET',
      `/api/seasonsv2/${season.id}/leagues`,
    )
    const league = leagues.body.leagues.find((l) => l.teamsCount % 2 === 1)
    if (!league) throw new Error('the seed has no league with an odd number of teams')
    const teams = (
      await apiFromPage<{ teams: { id: number; name: string }[] }>(page, 'GET', `/api/teams/teamsByLeague?leagueId=${league.id}`)
    ).body.teams
    expect(teams.length % 2).toBe(1)

    await page.goto(`${server.baseUrl}/scheduleBuilder`)
    await page.getByRole('heading', { name: 'Schedule Builder', level: 1 }).waitFor()
    const filters = page.getByRole('group', { name: 'Season and league' })
    await filters.getByLabel('League').selectOption(String(league.id))
    await page.getByText('No schedules for this league yet.').waitFor()

    // Create Schedule: the form checks its fields before sending anything.
    await openSection(page, 'Create Schedule')
    const form = page.getByRole('form', { name: 'Create Schedule' })
    await expect(form.getByLabel('League').inputValue()).resolves.toBe(String(league.id))
    await expect(form.getByLabel('Same time slots every week').isChecked()).resolves.toBe(true)
    await form.getByRole('button', { name: 'Create Schedule' }).click()
    await form.getByText('Schedule name is required').waitFor()
    await form.getByText('Choose at least one game day').waitFor()
    await form.getByLabel('Name').fill(SCHEDULE_NAME)
    await form.getByLabel('Start Date').fill(START_DATE)
    await form.getByLabel('Weeks').fill('12')
    await form.getByLabel('Monday').check()
    await form.getByLabel('Time slot 1', { exact: true }).fill('18:00')
    // Each added slot comes filled with the next hour (the gap between the last two once there are two).
    await form.getByRole('button', { name: 'Add time slot' }).click()
    await expect(form.getByLabel('Time slot 2', { exact: true }).inputValue()).resolves.toBe('19:00')
    await form.getByLabel('Time slot 2', { exact: true }).fill('19:00')
    await form.getByRole('button', { name: 'Add time slot' }).click()
    await expect(form.getByLabel('Time slot 3', { exact: true }).inputValue()).resolves.toBe('20:00')
    await form.getByLabel('Time slot 3', { exact: true }).fill('20:00')
    await form.getByRole('button', { name: 'Create Schedule' }).click()
    await page.getByText('Schedule created successfully!').waitFor()
    const card = page.getByRole('article', { name: SCHEDULE_NAME })
    await card.waitFor()
    const grid = card.getByRole('table', { name: `${SCHEDULE_NAME}: games by night and time slot` })
    await expect(grid.locator('tbody tr').count()).resolves.toBe(12)
    await expect(grid.locator('thead th').allTextContents()).resolves.toEqual(['#', 'Date', 'Bye/DH', '18:00', '19:00', '20:00'])
    await card.getByText('No games yet.').waitFor()

    // Team: two teams cannot play at 18:00. A time that is not HH:mm is refused before saving.
    await openSection(page, 'Team')
    const teamTable = page.getByRole('table', { name: 'Unavailable time slots by team' })
    const unavailable = teams.slice(0, 2)
    for (const [index, team] of unavailable.entries()) {
      const row = teamTable.getByRole('row').filter({ has: page.getByRole('rowheader', { name: team.name, exact: true }) })
      await expect(row.getByRole('cell').first().textContent()).resolves.toBe('None')
      await row.getByRole('button', { name: `Edit unavailable time slots for ${team.name}` }).click()
      const input = row.getByLabel(`Unavailable time slots for ${team.name}`)
      if (index === 0) {
        await input.fill('6pm')
        await row.getByRole('button', { name: 'Save' }).click()
        await row.getByText('"6pm" is not a time like 18:00').waitFor()
      }
      await input.fill('18:00')
      await row.getByRole('button', { name: 'Save' }).click()
      await expect.poll(() => row.getByRole('cell').first().textContent()).toBe('18:00')
    }

    // Generate Full Schedule: nothing would be replaced, so it generates without asking; the
    // confirmation is only for a schedule whose games would go (the regeneration below).
    await card.getByRole('button', { name: `Generate Full Schedule for ${SCHEDULE_NAME}` }).click()
    const confirm = page.getByRole('dialog', { name: 'Generate Full Schedule' })
    await card.getByText(/^Full schedule generated!/).waitFor()
    await expect(confirm.count()).resolves.toBe(0)
    // Every team has two back-to-back open slots: nothing forces a slot to be left open.
    await expect(card.getByText(/left open/).count()).resolves.toBe(0)

    // The nights table: every night has three games and one team on bye; no one unavailable at 18:00.
    const firstNight = grid.locator('tbody tr').first()
    await expect.poll(() => gameButton(firstNight).count()).toBe(3)
    await expect(grid.getByText('Open', { exact: true }).count()).resolves.toBe(0)
    await firstNight.getByText('Bye:').waitFor()
    const unavailableNames = new Set(unavailable.map((team) => team.name))
    const early = await grid.locator('tbody tr td:nth-child(4)').allTextContents()
    for (const text of early) {
      for (const name of unavailableNames) expect(text.split(' vs ')).not.toContain(name)
    }

    // The fairness table, with the best possible value under each header, and no hard violation.
    const fairness = card.getByRole('table', { name: `Fairness of ${SCHEDULE_NAME}` })
    await fairness.waitFor()
    await expect(fairness.locator('tbody tr').count()).resolves.toBe(teams.length)
    await expect(fairness.locator('thead th').nth(1).textContent()).resolves.toMatch(/^Games\s*best \d+$/)
    await card.getByText('Hard violations: none.').waitFor()

    // Swap two matchups of the first night, both after 18:00: select, deselect, select, swap.
    const at19 = gameButton(firstNight.getByRole('cell').nth(4))
    const at20 = gameButton(firstNight.getByRole('cell').nth(5))
    const before19 = (await at19.textContent()) ?? ''
    const before20 = (await at20.textContent()) ?? ''
    await at19.click()
    await expect(at19.getAttribute('aria-pressed')).resolves.toBe('true')
    await at19.click()
    await expect(at19.getAttribute('aria-pressed')).resolves.toBe('false')
    await at19.click()
    await at20.click()
    await card.getByText('Matchups swapped!').waitFor()
    await expect.poll(() => at19.textContent()).toBe(before20)
    await expect.poll(() => at20.textContent()).toBe(before19)

    // Lock one game of the second night: regeneration keeps it as it is.
    const secondNight = grid.locator('tbody tr').nth(1)
    const lockedMatchup = (await gameButton(secondNight.getByRole('cell').nth(3)).textContent()) ?? ''
    const lockButton = secondNight.getByRole('button', { name: new RegExp(`^Lock ${escapeRegExp(lockedMatchup)}`) })
    await lockButton.click()
    await card.getByText(`${lockedMatchup} locked`).waitFor()
    await expect
      .poll(() =>
        secondNight
          .getByRole('button', { name: new RegExp(`^Unlock ${escapeRegExp(lockedMatchup)}`) })
          .getAttribute('aria-pressed'),
      )
      .toBe('true')

    // A week-off on one of the schedule's nights: its games stay until the schedule is regenerated.
    await openSection(page, 'Week-offs')
    const weekOffForm = page.getByRole('form', { name: 'Add week-off' })
    await weekOffForm.getByLabel('Week-off date').fill(WEEK_OFF_DATE)
    await expect(weekOffForm.getByLabel('Reason').inputValue()).resolves.toBe('Off Week')
    await weekOffForm.getByRole('button', { name: 'Add Week-off' }).click()
    await page.getByText(/3 games are already on Mon, Jan 19, 2026: they stay until the schedule is regenerated\./).waitFor()
    await page.getByRole('button', { name: 'Delete week-off Mon, Jan 19, 2026' }).waitFor()

    // A final score for one game of week 1, entered through the API.
    const schedules = await apiFromPage<{ schedules: { id: number; name: string }[] }>(
      page,
      'GET',
      `/api/schedules?leagueId=${league.id}`,
    )
    const scheduleId = schedules.body.schedules.find((s) => s.name === SCHEDULE_NAME)?.id
    if (!scheduleId) throw new Error('the schedule was not created')
    const weekOne = await apiFromPage<{ games: WeeklyGame[] }>(
      page,
      'GET',
      `/api/games/weekly-games?scheduleId=${scheduleId}&weekIndex=0`,
    )
    const played = weekOne.body.games[0]
    const scored = await apiFromPage(page, 'PUT', `/api/gamesv2/${played.id}/scores`, { score_home: 55, score_away: 48 })
    expect(scored.status).toBe(200)

    // Regenerate: the played game is kept, the week-off night is emptied.
    await card.getByRole('button', { name: `Generate Full Schedule for ${SCHEDULE_NAME}` }).click()
    await confirm.getByText('This will overwrite all existing games for this schedule. Continue?').waitFor()
    await confirm.getByText(/game(s)? will be replaced; 2 played or locked games will be kept as they are\./).waitFor()
    await confirm.getByRole('button', { name: 'Generate' }).click()
    await card.getByText(/^Full schedule generated!.*2 played or locked games kept\./).waitFor()
    const after = await apiFromPage<{ game: WeeklyGame }>(page, 'GET', `/api/gamesv2/${played.id}`)
    expect(after.status).toBe(200)
    expect(after.body.game).toMatchObject({
      id: played.id,
      date: played.date,
      time: played.time,
      score_team1: 55,
      score_team2: 48,
      homeTeam: { id: played.homeTeam.id },
      awayTeam: { id: played.awayTeam.id },
    })
    const weekTwo = await apiFromPage<{ games: (WeeklyGame & { locked: boolean })[] }>(
      page,
      'GET',
      `/api/games/weekly-games?scheduleId=${scheduleId}&weekIndex=1`,
    )
    const kept = weekTwo.body.games.find((game) => `${game.homeTeam.name} vs ${game.awayTeam.name}` === lockedMatchup)
    expect(kept).toMatchObject({ time: '18:00', locked: true })
    const weekOff = await apiFromPage<{ games: WeeklyGame[] }>(
      page,
      'GET',
      `/api/games/weekly-games?scheduleId=${scheduleId}&weekIndex=2`,
    )
    expect(weekOff.body.games).toEqual([])
    const playedCell = firstNight.getByText(`${played.homeTeam.name} vs ${played.awayTeam.name}`)
    await playedCell.waitFor()
    await firstNight.getByText('Played 55–48').waitFor()
    await grid.locator('tbody tr').nth(2).getByText('Off Week').waitFor()
    await expect(gameButton(grid.locator('tbody tr').nth(2)).count()).resolves.toBe(0)
    await card.getByText('Hard violations: none.').waitFor()

    // Edit Schedule: a new name, from the visible Edit button.
    await card.getByRole('button', { name: `Edit ${SCHEDULE_NAME}` }).click()
    const editDialog = page.getByRole('dialog', { name: 'Edit Schedule' })
    await expect(editDialog.getByLabel('Weeks').inputValue()).resolves.toBe('12')
    await editDialog.getByLabel('Name').fill(`${SCHEDULE_NAME} (final)`)
    await editDialog.getByRole('button', { name: 'Save Changes' }).click()
    await editDialog.waitFor({ state: 'detached' })
    const renamed = page.getByRole('article', { name: `${SCHEDULE_NAME} (final)` })
    await renamed.getByText('Schedule updated successfully').waitFor()

    // Game Count: every team in one group or another.
    await openSection(page, 'Game Count')
    const counted = await page.locator('.game-count-teams').allTextContents()
    expect(counted.join(', ').split(', ').sort()).toEqual(teams.map((team) => team.name).sort())

    // Usable on a phone: the tables scroll inside their wrappers.
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await fitsViewport(page)).toBe(true)
    await page.close()

    // A visitor: the public schedule shows the week-off (No Games) and the byes (BYE).
    const publicOffs = (await fetch(`${server.baseUrl}/api/week-offs/public?slug=ocbl`).then((r) => r.json())) as {
      weekOffs: unknown[]
    }
    expect(publicOffs.weekOffs).toEqual(
      expect.arrayContaining([expect.objectContaining({ date: WEEK_OFF_DATE, reason: 'Off Week', league_id: league.id })]),
    )
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } })
    const visitor = await context.newPage()
    await visitor.goto(`${server.baseUrl}/ocbl/schedule`)
    const schedule = visitor.getByRole('table', { name: 'Schedule' })
    await schedule.waitFor()
    const offRow = schedule.getByRole('row').filter({ hasText: 'January 19, 2026' }).filter({ hasText: 'No Games' })
    await expect(offRow.count()).resolves.toBeGreaterThan(0)
    await expect(offRow.first().textContent()).resolves.toContain('Off Week')
    const byeRow = schedule.getByRole('row').filter({ hasText: 'January 5, 2026' }).filter({ hasText: '(BYE)' })
    await expect(byeRow.count()).resolves.toBeGreaterThan(0)
    expect(await fitsViewport(visitor)).toBe(true)
    await context.close()
  })

  it('creates and generates a schedule in one step, asking nothing when no game would go', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } })
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')
    const seasons = await apiFromPage<{ seasons: { id: number; active: boolean }[] }>(page, 'GET', '/api/seasonsv2')
    const season = seasons.body.seasons.find((s) => s.active)
    if (!season) throw new Error('the seed has no active season')
    const leagues = await apiFromPage<{ leagues: { id: number; teamsCount: number }[] }>(
      page,
      'GET',
      `/api/seasonsv2/${season.id}/leagues`,
    )
    const league = leagues.body.leagues.find((l) => l.teamsCount >= 2 && l.teamsCount % 2 === 0)
    if (!league) throw new Error('the seed has no league with an even number of teams')

    await page.goto(`${server.baseUrl}/scheduleBuilder`)
    await page.getByRole('heading', { name: 'Schedule Builder', level: 1 }).waitFor()
    await page.getByRole('group', { name: 'Season and league' }).getByLabel('League').selectOption(String(league.id))
    await openSection(page, 'Create Schedule')
    const form = page.getByRole('form', { name: 'Create Schedule' })
    await form.getByLabel('Name').fill('One step Thursdays')
    await form.getByLabel('Start Date').fill('2026-02-05')
    await form.getByLabel('Weeks').fill('6')
    await form.getByLabel('Thursday').check()
    await form.getByLabel('Time slot 1', { exact: true }).fill('19:00')
    await form.getByRole('button', { name: 'Create and Generate' }).click()
    await page.getByText(/^Schedule created successfully! Full schedule generated!/).waitFor({ timeout: 60_000 })
    await expect(page.getByRole('dialog', { name: 'Generate Full Schedule' }).count()).resolves.toBe(0)
    const card = page.getByRole('article', { name: 'One step Thursdays' })
    await expect.poll(() => gameButton(card).count(), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await fitsViewport(page)).toBe(true)
    await page.close()
  })
})
