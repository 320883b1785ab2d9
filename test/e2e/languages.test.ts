// Browser journey (docs/decisions/2026-11-28-languages.md, docs/decisions/2026-11-28-site-language-switch.md):
// a league in Madrid whose site speaks Spanish. The super admin creates the organization through
// the API (Europe/Madrid, Spanish, French offered too) and a staff user, who adds a season, a
// league, two teams with players, a game at 19:00 on Sunday 2027-03-28 (the night Madrid's clocks
// go forward) and one at 19:00 a week before, scored with a box score. A visitor then opens every
// public page at 375 px and 1280 px: `<html lang="es">`, 19:00 for both games on the schedule and
// the game page, and no English word of the site's catalog (a visible text, aria-label, title, alt
// or placeholder equal to an English `site.json` message that Spanish writes differently — the
// organization's own names are data, not words). Then the visitor switches to French with the
// language switch, and a reload stays French. Screenshots go to test-artifacts/languages/.
// Needs the SPA built into web/dist and Chromium.
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import ICAL from 'ical.js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Catalog } from '../../worker/domain/i18n'
import { axeViolations } from '../helpers/axe'
import { apiFromPage } from '../helpers/browser'
import { englishIn, englishMatcher, type Reading, pageWords as readWords } from '../helpers/page-words'
import { serverAndBrowser } from '../helpers/stand'

const SHOTS = path.resolve('test-artifacts/languages')
const SLUG = 'liga-lenguas'
const readCatalog = async (language: string, namespace = 'site'): Promise<Catalog> =>
  JSON.parse(await readFile(`i18n/${language}/${namespace}.json`, 'utf8'))

/** The organization's own words on its pages: names are data, whatever language they are in. */
const DATA = new Set(['Liga Lenguas', 'LIGA-LENGUAS', 'Temporada 2027', 'Liga Domingo', 'Toros', 'Osos'])

/** Every visible text node of the page, the words of its aria-label, title, alt and placeholder attributes, and its title. */
const PAGE: Reading = { roots: 'body', visible: 'shown', skip: 'script, style, template', spaces: 'collapse', title: 'last' }
const pageWords = (page: Page) => readWords(page, PAGE)

/** The texts on the page that are an English site message (exact, or a template with its values) Spanish says differently. */
const englishOn = (words: readonly string[], english: Catalog, translated: Catalog, data: ReadonlySet<string>): string[] =>
  englishIn(words, englishMatcher(english, translated, { match: 'templates' }), data)

type Game = { id: number; date: string; time: string; version: number }

describe('a Spanish league in Madrid', () => {
  const stand = serverAndBrowser()

  it('speaks Spanish on every public page at both widths, shows 19:00 across the clock change, and lets a visitor switch to French', async () => {
    const base = stand.server.baseUrl
    await mkdir(SHOTS, { recursive: true })
    const [en, es, fr] = await Promise.all([readCatalog('en'), readCatalog('es'), readCatalog('fr')])

    // ---- The super admin creates the organization (Madrid, Spanish, French offered) and a staff user.
    const admin = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await admin.goto(`${base}/login`)
    await admin.getByLabel('Username').fill('superadmin')
    await admin.getByLabel('Password').fill('superadmin-local')
    await admin.getByRole('button', { name: 'LOGIN' }).click()
    await admin.waitForURL('**/dashboard/**')
    const sports = (await apiFromPage<{ sports: { id: number; name: string }[] }>(admin, 'GET', '/api/sportsv2')).body.sports
    const basketball = sports.find((s) => s.name === 'Basketball') ?? sports[0]
    const org = await apiFromPage<{ organization: { id: number } }>(admin, 'POST', '/api/organizations', {
      name: 'Liga Lenguas',
      slug: SLUG,
      timeZone: 'Europe/Madrid',
      language: 'es',
      languages: ['es', 'fr'],
      navigation: 'full',
      homeVariant: 'stat_leaders',
      sportIds: [basketball?.id],
    })
    expect(org.status, JSON.stringify(org.body)).toBe(201)
    const staffUser = await apiFromPage(admin, 'POST', '/api/usersv2', {
      username: 'lenguas-staff',
      email: 'staff@lenguas.test',
      password: 'fast-break-2027',
      role: 'staff',
      organization_id: org.body.organization.id,
      sportIds: [basketball?.id],
    })
    expect(staffUser.status, JSON.stringify(staffUser.body)).toBe(201)
    await admin.close()

    // ---- Staff: the season, league, teams, players and games, through the API.
    const staff = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await staff.goto(`${base}/${SLUG}/login`)
    await staff.locator('input[name="username"], #username').first().fill('lenguas-staff')
    await staff.locator('input[type="password"]').first().fill('fast-break-2027')
    await staff.locator('button[type="submit"]').click()
    await staff.waitForURL('**/dashboard**')
    const api = async <T>(method: string, url: string, body?: unknown) => {
      const answer = await apiFromPage<T>(staff, method, url, body)
      expect(answer.status, `${method} ${url}: ${JSON.stringify(answer.body)}`).toBeLessThan(300)
      return answer.body
    }
    const season = (
      await api<{ season: { id: number } }>('POST', '/api/seasonsv2', {
        name: 'Temporada 2027',
        active: true,
        startDate: '2027-03-01',
        finishDate: '2027-05-31',
      })
    ).season
    const league = (
      await api<{ league: { id: number } }>('POST', `/api/seasonsv2/${season.id}/leagues`, {
        name: 'Liga Domingo',
        season_id: season.id,
      })
    ).league
    const teams: number[] = []
    const players: number[][] = []
    const names = [
      ['Lucía', 'García'],
      ['Marta', 'López'],
      ['Pablo', 'Sánchez'],
      ['Diego', 'Romero'],
    ]
    for (const [index, name] of ['Toros', 'Osos'].entries()) {
      const team = (
        await api<{ team: { id: number } }>('POST', `/api/seasonsv2/${season.id}/leagues/${league.id}/teams`, { name })
      ).team
      teams.push(team.id)
      const roster: number[] = []
      for (const [firstName, lastName] of names.slice(index * 2, index * 2 + 2)) {
        DATA.add(`${firstName} ${lastName}`)
        const added = await api<{ player: { id: number } }>(
          'POST',
          `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${team.id}/players`,
          { firstName, lastName },
        )
        roster.push(added.player.id)
      }
      players.push(roster)
    }
    for (const [first, last] of names) DATA.add(`${last}, ${first}`).add(`${first} ${last}`).add(`${first}`).add(`${last}`)
    const addGame = (date: string) =>
      api<{ game: Game }>('POST', '/api/games', {
        season_id: season.id,
        leagueId: league.id,
        team1_id: teams[0],
        team2_id: teams[1],
        date,
        time: '19:00',
      })
    const changeDay = (await addGame('2027-03-28')).game
    const weekBefore = (await addGame('2027-03-21')).game

    // The week before is played: a score and a box score.
    const detail = await api<{ game: { version: number } }>('GET', `/api/gamesv2/${weekBefore.id}`)
    const scored = await api<{ game: { version: number } }>('PUT', `/api/gamesv2/${weekBefore.id}/scores`, {
      version: detail.game.version,
      score_home: 72,
      score_away: 65,
    })
    const stats = (
      await api<{ stats: { id: number; name: string; abbreviation: string }[] }>('GET', `/api/statsv2/${basketball?.id}`)
    ).stats
    // The organization's stats and periods are its data (it names and edits them), not the site's words.
    for (const stat of stats) DATA.add(stat.name).add(stat.abbreviation)
    const periods = await api<{ gamePeriods: { name: string }[] }>('GET', `/api/gamesv2/${weekBefore.id}`)
    for (const period of periods.gamePeriods) DATA.add(period.name)
    const allPlayers = players.flat()
    await api('PUT', '/api/player-game-stats', {
      game_id: weekBefore.id,
      version: scored.game.version,
      stats: allPlayers.flatMap((player_id, n) =>
        stats.slice(0, 6).map((stat, s) => ({ player_id, stat_id: stat.id, value: ((n + 2) * (s + 3)) % 17 })),
      ),
    })
    // ---- The done-when of docs/decisions/2026-11-28-languages.md beyond the public pages: a game typed
    // at 02:30 on the change day is refused in Spanish; 19:00 on the widget, the dashboard and the feed.
    const [serverEn, serverEs, adminEn, adminEs] = await Promise.all([
      readCatalog('en', 'server'),
      readCatalog('es', 'server'),
      readCatalog('en', 'admin'),
      readCatalog('es', 'admin'),
    ])
    const refused = await staff.evaluate(
      async ({ body }) => {
        const token = decodeURIComponent(
          document.cookie
            .split(';')
            .map((part) => part.trim())
            .find((part) => part.startsWith('XSRF-TOKEN='))
            ?.slice('XSRF-TOKEN='.length) ?? '',
        )
        const answer = await fetch('/api/games', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'Content-Type': 'application/json', 'Accept-Language': 'es-ES,es;q=0.9', 'X-XSRF-TOKEN': token },
          body: JSON.stringify(body),
        })
        return { status: answer.status, body: (await answer.json()) as { message: string } }
      },
      {
        body: {
          season_id: season.id,
          leagueId: league.id,
          team1_id: teams[0],
          team2_id: teams[1],
          date: '2027-03-28',
          time: '02:30',
        },
      },
    )
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe(
      'La hora 2:30 no existe el 28 de marzo de 2027 en Europe/Madrid: los relojes se adelantan. La siguiente hora válida es 3:00.',
    )
    // The dashboard (staff follow the organization's Spanish): a game tonight at 19:00, Madrid's day.
    const madridToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date())
    const tonight = (await addGame(madridToday)).game
    await staff.goto(`${base}/dashboard`)
    const tonightItem = staff.locator('li').filter({ has: staff.locator(`a[href*="/games/${tonight.id}"]`) })
    await expect.poll(() => tonightItem.count()).toBeGreaterThan(0)
    expect(await tonightItem.first().textContent()).toContain('19:00')
    expect(await staff.evaluate(() => document.documentElement.lang)).toBe('es')
    const dashboardEnglish = englishOn(await pageWords(staff), { ...en, ...adminEn }, { ...es, ...adminEs }, DATA)
    expect(dashboardEnglish, 'English on the Spanish dashboard').toEqual([])
    await staff.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true })
    await api('DELETE', `/api/games/${tonight.id}?version=${tonight.version}`)
    await staff.close()

    // The calendar feed: ical.js reads both games at 19:00 Madrid time — 17:00Z after the change, 18:00Z before.
    const feed = await fetch(`${base}/api/calendar/leagues/${league.id}.ics?slug=${SLUG}`)
    expect(feed.status).toBe(200)
    const starts = new ICAL.Component(ICAL.parse(await feed.text()))
      .getAllSubcomponents('vevent')
      .map((event) => new ICAL.Event(event).startDate.toJSDate().toISOString())
      .sort()
    expect(starts).toEqual(['2027-03-21T18:00:00.000Z', '2027-03-28T17:00:00.000Z'])

    // The schedule widget, written by the Worker in Spanish: the change-day game upcoming at 19:00.
    const fan = await stand.browser.newPage({ viewport: { width: 375, height: 812 }, bypassCSP: true })
    await fan.goto(`${base}/${SLUG}/widgets/schedule?team=${teams[0]}`)
    await fan.locator(`a[href$="/games/${changeDay.id}"]`).first().waitFor()
    expect(await fan.evaluate(() => document.documentElement.lang)).toBe('es')
    expect(await fan.locator('#widget').textContent()).toContain('19:00')
    expect(englishOn(await pageWords(fan), serverEn, serverEs, DATA), 'English in the Spanish widget').toEqual([])
    await fan.screenshot({ path: `${SHOTS}/widget-375.png`, fullPage: true })
    await fan.close()

    // ---- A visitor, at each width: every public page in Spanish, with no English word of the site.
    const pages: [name: string, path: string, ready: string][] = [
      ['home', '', 'main'],
      ['schedule', 'schedule', `a[href$="/games/${changeDay.id}"]`],
      ['games', 'games', 'main'],
      ['standings', 'teamList', 'table'],
      ['players', 'playerList', '.player-cards a'],
      ['player', `players/${allPlayers[0]}`, 'h1'],
      ['player-stats', `player/${allPlayers[0]}/stats`, 'h1'],
      ['team', `teams/${teams[0]}`, 'h1'],
      ['game', `games/${changeDay.id}`, 'h1'],
      ['scored-game', `games/${weekBefore.id}`, 'table'],
      ['leaderboard', 'leaderboard', 'main h1'],
      ['records', 'records', 'main h1'],
      ['login', 'login', 'form'],
    ]
    const findings: Record<string, { lang: string; english: string[]; axe: string[] }> = {}
    for (const width of [375, 1280]) {
      const visitor = await stand.browser.newPage({ viewport: { width, height: 900 }, bypassCSP: true })
      for (const [name, where, ready] of pages) {
        await visitor.goto(`${base}/${SLUG}/${where}`)
        await visitor.locator(ready).first().waitFor()
        // Loading states are words too, but the page's own: wait until the screen has its data.
        await visitor.waitForFunction(() => !document.querySelector('[aria-busy="true"], .state-loading'), null, {
          timeout: 15_000,
        })
        await visitor.waitForTimeout(300)
        await visitor.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
        // Every page's findings together, so one run names them all.
        findings[`${name} at ${width}px`] = {
          lang: await visitor.evaluate(() => document.documentElement.lang),
          english: englishOn(await pageWords(visitor), en, es, DATA),
          axe: (await axeViolations(visitor)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        }
      }
      for (const [where, found] of Object.entries(findings)) expect(found, where).toEqual({ lang: 'es', english: [], axe: [] })

      // 19:00 for both games, on the schedule and on each game page (Madrid's time, before and after the change).
      await visitor.goto(`${base}/${SLUG}/schedule`)
      for (const game of [changeDay, weekBefore]) {
        const row = visitor.getByRole('row').filter({ has: visitor.locator(`a[href$="/games/${game.id}"]`) })
        await row.first().waitFor()
        expect(await row.first().textContent(), `schedule row of ${game.date}`).toContain('19:00')
        await visitor.goto(`${base}/${SLUG}/games/${game.id}`)
        await visitor.getByText(/19:00/).first().waitFor()
        await visitor.goto(`${base}/${SLUG}/schedule`)
      }
      await visitor.close()
    }

    // ---- The visitor switches to French: the page speaks French, and a reload stays French.
    for (const width of [375, 1280]) {
      const context = await stand.browser.newContext({ viewport: { width, height: 900 }, bypassCSP: true })
      const visitor = await context.newPage()
      await visitor.goto(`${base}/${SLUG}/schedule`)
      await visitor.locator(`a[href$="/games/${changeDay.id}"]`).first().waitFor()
      // The switch is in the footer at every width, each language named in itself.
      const switcher = visitor.getByRole('navigation', { name: es['nav.language'] })
      expect(await switcher.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true')
      expect(await switcher.getByRole('button', { name: 'Français' }).getAttribute('lang')).toBe('fr')
      await switcher.getByRole('button', { name: 'Français' }).focus()
      await visitor.keyboard.press('Enter')
      await visitor.waitForFunction(() => document.documentElement.lang === 'fr')
      await visitor.getByRole('heading', { name: fr['schedule.title'], level: 1 }).waitFor()
      expect(englishOn(await pageWords(visitor), en, fr, DATA), `English after switching at ${width}px`).toEqual([])
      expect(await axeViolations(visitor), `French schedule at ${width}px`).toEqual([])
      await visitor.screenshot({ path: `${SHOTS}/switched-fr-${width}.png`, fullPage: true })
      await visitor.reload()
      await visitor.getByRole('heading', { name: fr['schedule.title'], level: 1 }).waitFor()
      expect(await visitor.evaluate(() => document.documentElement.lang)).toBe('fr')
      await visitor.goto(`${base}/${SLUG}/games/${weekBefore.id}`)
      await visitor.locator('table').first().waitFor()
      expect(await visitor.evaluate(() => document.documentElement.lang)).toBe('fr')
      expect(englishOn(await pageWords(visitor), en, fr, DATA), `English on the French game page at ${width}px`).toEqual([])
      await visitor.screenshot({ path: `${SHOTS}/game-fr-${width}.png`, fullPage: true })
      await context.close()
    }
  }, 600_000)
})
