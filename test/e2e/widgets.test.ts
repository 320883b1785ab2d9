// Browser journey (docs/widgets.md): a plain page on another origin embeds every widget of the
// seeded `ocbl` league with the dashboard's snippet; each renders inside its iframe; staff save a
// score through the API and the standings, schedule and scoreboard widgets show it without a
// reload. Then staff open Embed widgets on a phone: the snippet, its copy button and a live preview.
// Needs the SPA built into web/dist (`npm run build`) and Chromium.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffSignIn } from '../../scripts/staff-session'
import { localDateOf } from '../../worker/domain/time'
import { WIDGETS, type WidgetKind, widgetSnippet, widgetUrl } from '../../worker/domain/widgets'
import { axeViolations } from '../helpers/axe'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

interface Standing {
  id: number
  name: string
  wins: number
  losses: number
}

async function publicJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}slug=ocbl`)
  const text = await response.text()
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${text.slice(0, 200)}`)
  return JSON.parse(text) as T
}

/** A signed-in staff call over HTTP, as the SPA makes it (cookies and the XSRF header). */
async function asStaff(
  server: TestServer,
  session: { xsrf: string; cookies: string[] },
  method: string,
  path: string,
  body: unknown,
) {
  // The sign-in's answer may hand out a new XSRF cookie bound to the session: the latest one wins.
  const jar = new Map<string, string>()
  for (const pair of [session.xsrf, ...session.cookies])
    jar.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1))
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'X-XSRF-TOKEN': jar.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`)
  return JSON.parse(text)
}

const fitsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

describe('embeddable widgets', () => {
  let server: TestServer
  let browser: Browser
  let host: Server
  let hostOrigin: string
  let hostPage = ''
  /** The widget addresses the first journey embedded, opened again on their own by the last. */
  let embedded: string[] = []
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
    // Another origin: a tiny server on its own port that answers one plain HTML page.
    host = createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      response.end(hostPage)
    })
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve))
    hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`
  }, 180_000)

  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser?.close()
    await new Promise((resolve) => host?.close(resolve))
    await server?.stop()
  })

  it('render on another site and follow a saved score without reloading', async () => {
    expect(new URL(hostOrigin).origin).not.toBe(new URL(server.baseUrl).origin)
    const session = await staffSignIn(server.baseUrl, 'ocbl')
    const { seasons } = await publicJson<{ seasons: { id: number; active: boolean }[] }>(server, '/api/seasonsv2')
    const season = seasons.find((s) => s.active) as { id: number }
    const { leagues } = await publicJson<{ leagues: { id: number; name: string; teams: Standing[] }[] }>(
      server,
      `/api/seasonsv2/${season.id}/leagues-with-teams-public`,
    )
    const league = leagues.find((l) => l.teams.length >= 2) as (typeof leagues)[number]
    const [home, away] = league.teams as [Standing, Standing]
    // Tonight's game between two of the league's teams, and a bracket for the bracket widget.
    const today = localDateOf(new Date())
    const { game } = await asStaff(server, session, 'POST', '/api/games', {
      season_id: season.id,
      leagueId: league.id,
      team1_id: home.id,
      team2_id: away.id,
      date: today,
      time: '23:30',
    })
    const { bracket } = await asStaff(server, session, 'POST', '/api/brackets', {
      seasonId: season.id,
      leagueId: league.id,
      teams: 2,
      nights: [{ date: '2031-05-04', times: ['18:00'] }],
    })

    const site = `${server.baseUrl}/ocbl`
    const embeds: [WidgetKind, Record<string, number>, string][] = [
      ['standings', { league: league.id }, `${league.name} standings`],
      ['schedule', { team: home.id }, `${home.name} schedule`],
      ['scoreboard', {}, 'Scoreboard'],
      ['leaders', { league: league.id }, `${league.name} leaders`],
      ['bracket', { bracket: bracket.id }, bracket.name],
    ]
    embedded = embeds.map(([kind, params]) => widgetUrl(site, kind, params))
    hostPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A sponsor's page</title></head><body><h1>Our league</h1>${embeds
      .map(([kind, params]) =>
        widgetSnippet(widgetUrl(site, kind, params), `${WIDGETS[kind].label} widget`, WIDGETS[kind].height),
      )
      .join('\n')}</body></html>`

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    contexts.push(context)
    const page = await context.newPage()
    await page.goto(hostOrigin)
    const frames: Partial<Record<WidgetKind, Frame>> = {}
    for (const [kind, , title] of embeds) {
      const iframe = page.locator(`iframe[src*="/widgets/${kind}"]`)
      await iframe.scrollIntoViewIfNeeded() // lazy: loaded once near the viewport
      const frame = (await (await iframe.elementHandle())?.contentFrame()) as Frame
      await frame.waitForSelector('h1')
      expect(await frame.locator('h1').textContent(), kind).toBe(title)
      frames[kind] = frame
    }
    const standings = frames.standings as Frame
    const schedule = frames.schedule as Frame
    const scoreboard = frames.scoreboard as Frame
    const winsOf = async () => Number(await standings.locator('tr', { hasText: home.name }).locator('td').nth(2).textContent())
    const winsBefore = await winsOf()
    expect(await schedule.locator(`a[href$="/games/${game.id}"]`).count()).toBe(1)
    expect(await scoreboard.locator(`a[href$="/games/${game.id}"]`).textContent()).toBe('11:30 PM')
    // Marks in each page: a reload would lose them.
    for (const frame of [standings, schedule, scoreboard])
      await frame.evaluate(() => Object.assign(window, { notReloaded: true }))

    await asStaff(server, session, 'PUT', `/api/gamesv2/${game.id}/scores`, { score_home: 77, score_away: 64 })

    // Each widget polls every 5 s (web/public/widgets/widget.js); on a loaded CI machine a poll's two requests can take
    // seconds each, so every frame gets the same generous minute to show the saved score.
    await expect.poll(winsOf, { timeout: 60_000, interval: 500 }).toBe(winsBefore + 1)
    await schedule.waitForFunction(() => document.getElementById('widget')?.textContent?.includes('77–64'), null, {
      timeout: 60_000,
    })
    await scoreboard.waitForFunction(
      (id) => document.querySelector(`a[href$="/games/${id}"]`)?.textContent === 'FINAL',
      game.id,
      { timeout: 60_000 },
    )
    for (const frame of [standings, schedule, scoreboard])
      expect(await frame.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
  }, 240_000)

  it('are offered on the dashboard with a snippet to copy and a live preview, at 375 px', async () => {
    // bypassCSP: axe is injected as a script.
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      bypassCSP: true,
    })
    contexts.push(context)
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl })
    const page = await context.newPage()
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('staff')
    await page.getByLabel('Password').fill('staff-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard**')
    await page.goto(`${server.baseUrl}/dashboard`)
    // Reachable from the sidebar (behind the menu button on a phone).
    const menu = page.locator('.admin-topbar button[aria-controls]')
    await menu.waitFor()
    if ((await menu.getAttribute('aria-expanded')) === 'false') await menu.click()
    await page.getByRole('link', { name: 'Embed widgets' }).click()
    await page.waitForURL('**/dashboard/widgets')
    await page.getByRole('heading', { name: 'Embed widgets' }).waitFor()
    await page.getByLabel('Widget').selectOption('schedule')
    const snippet = page.getByLabel('Snippet')
    await expect.poll(() => snippet.inputValue()).toContain('/ocbl/widgets/schedule?league=')
    const text = await snippet.inputValue()
    expect(text).toMatch(/^<iframe src="[^"]+" title="Schedule · [^"]+" width="100%" height="\d+" .*loading="lazy"><\/iframe>$/)
    // Checked before the copy: the shared success flash (components/flash.tsx) has its own contrast finding.
    expect(await axeViolations(page)).toEqual([])
    await page.getByRole('button', { name: 'Copy snippet' }).click()
    await page.getByText('Snippet copied.').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text)
    const preview = page.locator('iframe.embed-widgets-preview')
    await preview.scrollIntoViewIfNeeded()
    const frame = (await (await preview.elementHandle())?.contentFrame()) as Frame
    await frame.waitForSelector('h1')
    expect(await frame.locator('h1').textContent()).toMatch(/ schedule$/)
    expect(await fitsViewport(page)).toBe(true)
  }, 120_000)

  it('fit a phone and pass axe, each widget on its own', async () => {
    expect(embedded).toHaveLength(5)
    const context = await browser.newContext({ viewport: { width: 375, height: 700 }, bypassCSP: true })
    contexts.push(context)
    const page = await context.newPage()
    for (const url of embedded) {
      await page.goto(url)
      await page.locator('h1').waitFor()
      expect(await fitsViewport(page), url).toBe(true)
      expect(await axeViolations(page), url).toEqual([])
    }
  }, 120_000)
})
