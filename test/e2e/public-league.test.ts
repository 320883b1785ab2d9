// Browser journey: an anonymous visitor of the seeded `ocbl` league reads the standings, a team
// page and a player profile, at phone width; then the owner signs in, adds and hides a player
// attribute and opens their settings.
// Needs the SPA built into web/dist (`vite build --config web/vite.config.ts`) and Chromium.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

interface SeededPlayer {
  id: number
  firstName: string
  lastName: string
  rosters: { active: boolean }[]
}

/** Neither the page nor anything in it is wider than the viewport (usable at 375 px). */
const fitsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('public league pages', () => {
  let server: TestServer
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    page = await browser.newPage({ viewport: { width: 375, height: 800 } })
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('shows a visitor the standings of a league, a team roster and a player profile with the Number attribute', async () => {
    // Standings open on the first league of the active season, not on an empty prompt.
    await page.goto(`${server.baseUrl}/ocbl/teamList`)
    await page.getByRole('heading', { name: 'Standings', level: 1 }).waitFor()
    const league = page.getByLabel('League')
    await page.waitForFunction(() => (document.querySelector('select')?.options.length ?? 0) > 1)
    await page.getByRole('table', { name: 'Standings' }).waitFor()
    expect(await league.inputValue()).toBe(await league.locator('option').nth(1).getAttribute('value'))
    // With "All Leagues" and no division chosen, the page asks for a filter.
    await league.selectOption({ index: 0 })
    await page.getByText('Please Select Filter Option').waitFor()

    // Pick the first league of the active season.
    const leagueLabel = await league.locator('option').nth(1).textContent()
    expect(leagueLabel).toMatch(/\(.+\)$/) // labelled with its season name
    await league.selectOption({ index: 1 })
    const table = page.getByRole('table', { name: 'Standings' })
    await table.waitFor()
    // At phone width (docs/phone-tables.md): Position, Team, Division, Wins, Losses and Winning
    // percentage; the captain folds under the team, FT% and 3PM are for wider screens
    // (test/e2e/phone-tables.test.ts checks 1280 px).
    for (const header of ['Position', 'Team', 'Division', 'Wins', 'Losses', 'Winning percentage']) {
      await expect(table.getByRole('columnheader', { name: header, exact: true }).count()).resolves.toBe(1)
    }
    // A league is chosen: no League column.
    await expect(table.getByRole('columnheader', { name: 'League', exact: true }).count()).resolves.toBe(0)
    const rows = table.locator('tbody tr')
    expect(await rows.count()).toBeGreaterThan(1)
    const firstRow = rows.first()
    const cells = await firstRow.locator('td').allTextContents()
    // Position, Team, Captain, Division, Wins, Losses, Pct (phone only), FT%, 3PM
    expect(cells[4]).toMatch(/^\d+$/)
    expect(cells[5]).toMatch(/^\d+$/)
    expect(cells[6]).toMatch(/^(\.\d{3}|1\.000|—)$/)
    expect(cells[7]).toMatch(/^\d+\.\d$/)
    const totalWins = (await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.children[4]?.textContent)))).reduce(
      (a, b) => a + b,
      0,
    )
    expect(totalWins).toBeGreaterThan(0)
    expect(await fitsViewport(page)).toBe(true)

    // The first team's page: name banner, schedule and roster.
    const teamLink = firstRow.getByRole('link').first()
    const teamName = (await teamLink.textContent())?.trim() ?? ''
    await teamLink.click()
    await page.waitForURL(/\/ocbl\/teams\/\d+$/)
    await page.getByRole('heading', { name: teamName, level: 1 }).waitFor()
    await page.getByRole('heading', { name: 'SCHEDULE' }).waitFor()
    await page.getByRole('heading', { name: 'ROSTER' }).waitFor()
    const roster = page.locator('.roster-list a')
    expect(await roster.count()).toBeGreaterThan(0)
    expect(await roster.first().getAttribute('href')).toMatch(/^\/ocbl\/players\/\d+$/)
    expect(await page.getByRole('cell', { name: /^[A-Z][a-z]+ \d{1,2}, \d{4}$/ }).count()).toBeGreaterThan(0)
    expect(await fitsViewport(page)).toBe(true)

    // Players: the page opens on the first league; a name search looks across every league and
    // part of a seeded player's name finds them.
    const response = await fetch(`${server.baseUrl}/api/playersv2?slug=ocbl`)
    const { players } = (await response.json()) as { players: SeededPlayer[] }
    const player = players.find((p) => p.rosters.some((r) => r.active))
    if (!player) throw new Error('the seed has no player on an active roster')
    const name = `${player.firstName} ${player.lastName}`

    await page.goto(`${server.baseUrl}/ocbl/playerList`)
    await page.getByRole('heading', { name: 'Players', level: 1 }).waitFor()
    await page.locator('.player-cards a').first().waitFor()
    await page.getByPlaceholder('Search player name...').fill(`${player.firstName} ${player.lastName.slice(0, 3)}`)
    const card = page.getByRole('link', { name, exact: true })
    await card.waitFor()
    expect(await fitsViewport(page)).toBe(true)
    await card.click()
    await page.waitForURL(`**/ocbl/players/${player.id}`)
    await page.getByRole('heading', { name, level: 1 }).waitFor()
    const number = page.locator('.profile-facts div', { hasText: 'Number' }).locator('dd')
    await expect(number.textContent()).resolves.toMatch(/^\d+$/)
    await expect(page.getByRole('link', { name: 'Stats', exact: true }).getAttribute('href')).resolves.toBe(
      `/ocbl/player/${player.id}/stats`,
    )
    expect(await fitsViewport(page)).toBe(true)
  })

  it('lets the owner add and hide a player attribute and see their username in the settings', async () => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')

    await page.goto(`${server.baseUrl}/playerAttributes`)
    await page.getByRole('heading', { name: 'Player Attributes' }).waitFor()
    const list = page.getByRole('list', { name: 'Player attributes' })
    await list.waitFor()
    await page.getByLabel('Attribute name').fill('Height')
    await page.getByLabel('Type').selectOption({ label: 'Text' })
    await page.getByRole('button', { name: 'Add Attribute' }).click()
    await page.getByText('Height added').waitFor()
    const row = list.getByRole('listitem').filter({ hasText: 'Height' })
    await expect(row.textContent()).resolves.toContain('Text')
    await row.getByRole('button', { name: 'Hide Height' }).click()
    await row.getByRole('button', { name: 'Show Height' }).waitFor()
    await expect(row.getAttribute('class')).resolves.toContain('is-muted')

    // The hidden attribute stays hidden after a reload (the server kept it).
    await page.reload()
    await page.getByRole('button', { name: 'Show Height' }).waitFor()

    await page.goto(`${server.baseUrl}/userSettings`)
    await page.getByRole('heading', { name: 'User Settings' }).waitFor()
    await page.locator('.settings-username', { hasText: 'owner' }).waitFor()
    await page.getByRole('button', { name: 'Edit Settings' }).click()
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe('owner')
    await page.getByPlaceholder('Enter old password (if applicable)').waitFor()
    await page.getByPlaceholder('Enter new password').waitFor()
  })
})
