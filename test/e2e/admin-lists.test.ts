// Browser journey (docs/decisions/2026-11-25-admin-paging.md): ocbl's staff page through the admin
// lists of the seeded demo, one season at a time, and search them on the server — the player list,
// the global team list, the admin schedule and a league's page — on a desktop and at 375 px.
// Needs the SPA built into web/dist and Chromium.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

type Named = { id: number; name: string }

/** Serious and critical axe-core findings on the page as it is now (rule, and the first element). */
const axeFindings = async (page: Page) => (await axeViolations(page)).map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)

describe('admin lists: a season at a time, paged and searched by the server', () => {
  let server: TestServer
  let browser: Browser
  let page: Page
  const api = async <T>(path: string): Promise<T> => {
    const response = await page.request.get(`${server.baseUrl}${path}`)
    expect(response.status()).toBe(200)
    return (await response.json()) as T
  }
  const rows = () => page.locator('table tbody tr')
  /** The page's list requests (the ones with an offset), as path and query. */
  const listCalls: string[] = []

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    // The site's CSP allows no inline script; axe-core is injected as one.
    page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/') && url.searchParams.has('offset')) listCalls.push(`${url.pathname}${url.search}`)
    })
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill('staff-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('pages the active season’s players 100 at a time and finds one of the second page by name', async () => {
    const { seasons } = await api<{ seasons: (Named & { active: boolean })[] }>('/api/seasonsv2')
    const active = seasons.find((s) => s.active) as Named
    const second = await api<{ players: { firstName: string; lastName: string }[]; total: number }>(
      '/api/playersv2?seasonId=active&limit=100&offset=100',
    )
    expect(second.total).toBeGreaterThan(100)
    const wanted = second.players[0]

    // All Players sits in the sidebar's Settings group: opened if it is closed.
    const nav = page.getByRole('navigation', { name: 'Admin' })
    const settings = nav.getByRole('button', { name: 'Settings' })
    if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click()
    await nav.getByRole('link', { name: 'All Players', exact: true }).click()
    await page.waitForURL('**/playerListAuth')
    const pager = page.getByRole('navigation', { name: 'Player list pages' })
    await pager.getByText(`Showing 1–100 of ${second.total} players`).waitFor()
    expect(await rows().count()).toBe(100)
    // The season choice shows the active season, without waiting for it to be chosen.
    await expect.poll(() => page.getByLabel('Season').locator('option:checked').textContent()).toBe(`${active.name} (active)`)
    expect(listCalls.at(-1)).toContain('seasonId=active')

    // Next, by keyboard: the second page, in the address too.
    await pager.getByRole('button', { name: 'Next' }).focus()
    await page.keyboard.press('Enter')
    await pager.getByText(`Showing 101–${second.total} of ${second.total} players`).waitFor()
    expect(page.url()).toContain('page=2')
    await expect.poll(() => rows().count()).toBe(second.total - 100)
    await expect(pager.getByRole('button', { name: 'Next' }).isDisabled()).resolves.toBe(true)
    await page
      .getByRole('row')
      .filter({ hasText: `${wanted.firstName} ${wanted.lastName}` })
      .first()
      .waitFor()

    // Back to page 1 and a search: the server finds the player of page 2.
    await pager.getByRole('button', { name: 'Previous' }).click()
    await pager.getByText(`Showing 1–100 of ${second.total} players`).waitFor()
    await page.getByLabel('Search', { exact: true }).fill(`${wanted.firstName} ${wanted.lastName}`)
    await page
      .getByRole('row')
      .filter({ hasText: `${wanted.firstName} ${wanted.lastName}` })
      .first()
      .waitFor()
    await expect.poll(() => rows().count()).toBeLessThan(10)
    expect(page.url()).toContain('q=')
    expect(listCalls.at(-1)).toContain(`search=${encodeURIComponent(wanted.firstName)}`)
    await page.getByLabel('Search', { exact: true }).fill('Zzqx')
    await page.getByText('No players match “Zzqx”').waitFor()
    await page.getByLabel('Search', { exact: true }).fill('')
    await pager.getByText(`Showing 1–100 of ${second.total} players`).waitFor()

    // Every season: more players, and the team filter waits for a season.
    await page.getByLabel('Season').selectOption('all')
    await expect.poll(() => page.getByLabel('Team').isDisabled()).toBe(true)
    await page.getByText('Choose a season to filter by team').waitFor()
    expect(listCalls.at(-1)).not.toContain('seasonId')
  })

  it('lists the active season’s teams, searches every team, and shows a team just created', async () => {
    const active = await api<{ teams: Named[]; total: number }>('/api/teams?seasonId=active&limit=100')
    const team = active.teams[3]
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Teams', exact: true }).click()
    await page.waitForURL('**/teamList')
    await page.getByRole('navigation', { name: 'Team list pages' }).getByText(`of ${active.total} teams`).waitFor()
    expect(await rows().count()).toBe(active.total)
    const word = team.name.split(' ').at(-1) as string
    // Anywhere in the name, in any case; the other teams go.
    await page.getByLabel('Search teams').fill(word.toUpperCase())
    await expect
      .poll(async () =>
        (await page.locator('table tbody tr td:nth-child(3)').allTextContents()).every((name) =>
          name.toLowerCase().includes(word.toLowerCase()),
        ),
      )
      .toBe(true)
    await page.getByRole('link', { name: team.name, exact: true }).waitFor()
    expect(await rows().count()).toBeLessThan(active.total)
    await page.getByLabel('Search teams').fill('no team is called this')
    await page.getByText('No teams match “no team is called this”').waitFor()

    // A new team is in no season yet: the list shows it among every season's teams.
    await page.getByRole('button', { name: 'Create Team' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Team' })
    await dialog.getByLabel('Team name').fill('Paged Pelicans')
    await dialog.getByLabel('League').selectOption({ index: 1 })
    await dialog.getByRole('button', { name: 'Create' }).click()
    await page.getByText('Paged Pelicans created').waitFor()
    await page.getByRole('link', { name: 'Paged Pelicans', exact: true }).waitFor()
    await expect.poll(() => page.getByLabel('Season').inputValue()).toBe('all')
    await expect.poll(() => page.getByLabel('Search teams').inputValue()).toBe('Paged Pelicans')
  })

  it('searches the admin schedule by team and keeps the season and search in the address', async () => {
    const { games, total } = await api<{ games: { homeTeam: Named; awayTeam: Named }[]; total: number }>(
      '/api/games?limit=100&offset=0',
    )
    const team = games[0].homeTeam
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Schedule', exact: true }).click()
    await page.waitForURL('**/schedule')
    await page.getByRole('navigation', { name: 'Schedule pages' }).getByText(`of ${total} games`).waitFor()
    await page.getByLabel('Search teams').fill(team.name)
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(team.name)
    await expect
      .poll(async () => (await page.locator('table tbody tr').allTextContents()).every((t) => t.includes(team.name)))
      .toBe(true)
    const found = await rows().count()
    expect(found).toBeGreaterThan(0)
    expect(found).toBeLessThan(total)
    // A reload shows the same search.
    await page.reload()
    await expect.poll(() => page.getByLabel('Search teams').inputValue()).toBe(team.name)
    await expect.poll(() => rows().count()).toBe(found)
  })

  it('shows a league’s games, and the league list, one season at a time', async () => {
    const { seasonsLeagues } = await api<{ seasonsLeagues: { league: Named; season: Named & { active: boolean } }[] }>(
      '/api/seasonsleagues',
    )
    const link = seasonsLeagues.find((l) => l.season.active) as (typeof seasonsLeagues)[number]
    const older = seasonsLeagues.find((l) => l.league.id === link.league.id && !l.season.active)
    await page.goto(`${server.baseUrl}/leagues/${link.league.id}`)
    const schedule = page.getByRole('table', { name: 'League schedule' })
    await schedule.locator('tbody tr').first().waitFor()
    await expect
      .poll(() => page.getByLabel('Season').locator('option:checked').textContent())
      .toBe(`${link.season.name} (active)`)
    expect(listCalls.at(-1)).toMatch(new RegExp(`leagueId=${link.league.id}&seasonId=${link.season.id}`))
    const activeCount = await schedule.locator('tbody tr').count()
    if (older) {
      await page.getByLabel('Season').selectOption(String(older.season.id))
      await expect.poll(() => listCalls.at(-1)).toContain(`seasonId=${older.season.id}`)
      await schedule.locator('tbody tr').first().waitFor()
    }
    await page.getByLabel('Season').selectOption('all')
    await expect.poll(() => listCalls.at(-1)).toContain('scope=all')
    await expect.poll(() => schedule.locator('tbody tr').count()).toBeGreaterThanOrEqual(activeCount)

    // The league list: the active season's leagues, or every season's.
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Leagues', exact: true }).click()
    const leagues = page.getByRole('table', { name: 'Leagues by season' })
    const activeLinks = seasonsLeagues.filter((l) => l.season.active).length
    await expect.poll(() => leagues.locator('tbody tr').count()).toBe(activeLinks)
    await page.getByLabel('Season').selectOption('all')
    await expect.poll(() => leagues.locator('tbody tr').count()).toBe(seasonsLeagues.length)
    expect(seasonsLeagues.length).toBeGreaterThan(activeLinks)
  })

  it('asks for each list’s data once on a fresh load, the page’s prefetch and its screen sharing every answer', async () => {
    const { seasonsLeagues } = await api<{ seasonsLeagues: { league: Named; season: Named & { active: boolean } }[] }>(
      '/api/seasonsleagues',
    )
    const link = seasonsLeagues.find((l) => l.season.active) as (typeof seasonsLeagues)[number]
    const screens = [
      { path: '/teamList', list: 'Teams' },
      { path: '/playerListAuth', list: 'Players' },
      { path: '/schedule', list: 'Games' },
      { path: '/leagueList', list: 'Leagues by season' },
      { path: `/leagues/${link.league.id}?season=${link.season.id}`, list: 'League schedule' },
      { path: `/leagues/${link.league.id}`, list: 'League schedule' },
    ]
    for (const screen of screens) {
      const fresh = await browser.newPage({
        viewport: { width: 1280, height: 900 },
        storageState: await page.context().storageState(),
      })
      const calls: string[] = []
      fresh.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/')) calls.push(`${url.pathname}${url.search}`)
      })
      await fresh.goto(`${server.baseUrl}${screen.path}`)
      await fresh.getByRole('table', { name: screen.list }).locator('tbody tr').first().waitFor()
      await fresh.waitForLoadState('networkidle')
      expect(calls.length, `${screen.path} asked for data`).toBeGreaterThan(0)
      expect(
        calls.filter((call, i) => calls.indexOf(call) !== i),
        `${screen.path} asked twice`,
      ).toEqual([])
      // The HTML started exactly the screen's requests (routes/site-meta.ts adminPreloads): a preload
      // the page did not use, or a request it made on its own, shows here.
      const preloaded = await fresh.evaluate(() =>
        [...document.querySelectorAll('link[rel="preload"][as="fetch"]')]
          .map((link) => link.getAttribute('href') ?? '')
          .filter((href) => !href.startsWith('/api/auth/')),
      )
      expect(preloaded.sort(), `${screen.path}: the requests its HTML starts`).toEqual([...calls].sort())
      await fresh.close()
    }
  })

  it('fits a phone: controls and pager within 375 px, large enough to tap, axe clean', async () => {
    await page.setViewportSize({ width: 375, height: 800 })
    await page.goto(`${server.baseUrl}/playerListAuth`)
    const pager = page.getByRole('navigation', { name: 'Player list pages' })
    await pager.getByRole('button', { name: 'Next' }).waitFor()
    for (const control of [page.getByLabel('Season'), page.getByLabel('Search', { exact: true }), pager]) {
      const box = await control.boundingBox()
      expect(box).not.toBeNull()
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375)
    }
    const next = await pager.getByRole('button', { name: 'Next' }).boundingBox()
    expect(next?.height ?? 0).toBeGreaterThanOrEqual(44)
    expect(await axeFindings(page)).toEqual([])
    await page.goto(`${server.baseUrl}/teamList`)
    await page.getByRole('navigation', { name: 'Team list pages' }).waitFor()
    expect(await axeFindings(page)).toEqual([])
  })
})
