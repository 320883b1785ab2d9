// Browser check of a season published ahead on the public site (docs/published-seasons.md), on the
// seeded `ocbl` league: the owner publishes next season with a team that plays only there; the
// standings and the Players page offer the season as "(upcoming)" and show that team when it is
// chosen (the active season stays the default); and a game page's team names lead to team pages.
// Needs the SPA built into web/dist (`npm run build`) and Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

describe('an upcoming season on the public site', () => {
  let server: TestServer
  let browser: Browser
  let context: BrowserContext
  let page: Page
  const teamName = 'Spring Newcomers'
  const seasonName = 'Spring 2027'

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } })
    page = await context.newPage()
    await signInOnPage(page, server.baseUrl, 'ocbl', 'owner')
    const season = await apiFromPage<{ season: { id: number } }>(page, 'POST', '/api/seasonsv2', {
      name: seasonName,
      active: false,
      published: true,
      startDate: '2027-03-01',
    })
    expect(season.status).toBe(201)
    const league = await apiFromPage<{ league: { id: number } }>(
      page,
      'POST',
      `/api/seasonsv2/${season.body.season.id}/leagues`,
      {
        name: 'Spring League',
      },
    )
    expect(league.status).toBe(201)
    const team = await apiFromPage(
      page,
      'POST',
      `/api/seasonsv2/${season.body.season.id}/leagues/${league.body.league.id}/teams`,
      { name: teamName },
    )
    expect(team.status).toBeLessThan(300)
    await apiFromPage(page, 'POST', '/api/auth/logout')
    await context.clearCookies()
  }, 240_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await server?.stop()
  })

  it('offers the upcoming season on the standings and shows its teams, linked to their pages', async () => {
    await page.goto(`${server.baseUrl}/ocbl/teamList`)
    const season = page.getByLabel('Season', { exact: true })
    await season.waitFor()
    await page.locator('main table tbody tr').first().waitFor()
    expect(await page.locator('main table').innerText()).not.toContain(teamName)
    expect(await season.locator('option').allTextContents()).toContain(`${seasonName} (upcoming)`)
    await season.selectOption({ label: `${seasonName} (upcoming)` })
    await page.waitForURL(/[?&]season=\d+/)
    const link = page.locator('main table').getByRole('link', { name: teamName })
    await link.waitFor()
    expect(await link.getAttribute('href')).toMatch(/\/ocbl\/teams\/\d+/)
    expect(await axeViolations(page)).toEqual([])
    await link.click()
    await page.waitForURL(/\/ocbl\/teams\/\d+/)
    await page.getByRole('heading', { name: teamName }).first().waitFor()
  }, 120_000)

  it("offers the upcoming season on the Players page and lists its leagues' teams", async () => {
    await page.goto(`${server.baseUrl}/ocbl/players`)
    const season = page.getByLabel('Season', { exact: true })
    await season.waitFor()
    const teams = page.getByLabel('Team', { exact: true })
    expect(await teams.locator('option').allTextContents()).not.toContain(teamName)
    await season.selectOption({ label: `${seasonName} (upcoming)` })
    await page.waitForURL(/[?&]season=\d+/)
    await expect
      .poll(() => page.getByLabel('League', { exact: true }).locator('option').allTextContents())
      .toContain('Spring League')
    await expect.poll(() => teams.locator('option').allTextContents()).toContain(teamName)
    expect(await axeViolations(page)).toEqual([])
  }, 120_000)

  it("links a game page's team names to their team pages", async () => {
    const { games } = (await (await fetch(`${server.baseUrl}/api/gamesv2?slug=ocbl`)).json()) as {
      games: {
        id: number
        score_team1: number | null
        homeTeam: { id: number; name: string }
        awayTeam: { id: number; name: string }
      }[]
    }
    const game = games.find((g) => (g.score_team1 ?? 0) > 0) ?? games[0]
    await page.goto(`${server.baseUrl}/ocbl/games/${game.id}`)
    await page.getByRole('heading', { level: 1 }).waitFor()
    for (const team of [game.homeTeam, game.awayTeam]) {
      const links = page.locator('main').getByRole('link', { name: team.name, exact: true })
      await links.first().waitFor()
      for (const href of await links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))) {
        expect(href, team.name).toBe(`/ocbl/teams/${team.id}`)
      }
    }
    expect(await axeViolations(page)).toEqual([])
    // …and so do a player's teams on the player's stats page.
    const { playerStats } = (await (await fetch(`${server.baseUrl}/api/gamesv2/${game.id}?slug=ocbl`)).json()) as {
      playerStats: { player_id: number }[]
    }
    await page.goto(`${server.baseUrl}/ocbl/player/${playerStats[0].player_id}/stats`)
    const teams = page.getByRole('list', { name: 'Teams' }).getByRole('link')
    await teams.first().waitFor()
    expect(await teams.first().getAttribute('href')).toMatch(/^\/ocbl\/teams\/\d+$/)
  }, 120_000)
})
