// Browser journey (docs/decisions/2026-11-28-dashboard-game-day-languages.md): the dashboard's
// game-day screens speak the signed-in user's language. A staff member of the seeded `ocbl` league
// chooses Spanish (PUT /api/usersv2/:id) and opens the dashboard, the seasons, a season, a league, a
// team, the schedule (and its Add Game form), a game's box score, the schedule builder, the players,
// the standings and the leagues at 1280 px and 375 px: `<html lang>` is `es` and no visible text,
// aria-label, title, alt or placeholder is an English `admin.json` or `site.json` message that
// Spanish writes differently. Then the same user in French on two screens. Screenshots in
// test-artifacts/dashboard-languages/. Needs the SPA built into web/dist and Chromium.
import { readdirSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, signInOnPage } from '../helpers/browser'
import { englishIn, englishMatcher, pageWords, type Reading, readCatalogs } from '../helpers/page-words'
import { serverAndBrowser } from '../helpers/stand'

const SHOTS = path.resolve('test-artifacts/dashboard-languages')
/**
 * The English messages a page in `language` must not show: those the language writes differently.
 * A message without arguments is compared whole; one with plain `{arguments}` (no plural or select)
 * as a pattern, when it has enough words of its own to be recognisable.
 */
const englishLeftovers = (language: string) =>
  englishMatcher(readCatalogs('en', ['site', 'admin']), readCatalogs(language, ['site', 'admin']), { match: 'patterns' })

/**
 * The shared components (web/src/components, and the game header and period table the public game
 * page shows too) belong to the public site's conversion, which writes their words into `site.json`. Until a word is converted there it is still written in their source:
 * such a word on these screens is that conversion's to do, reported here but not failed on. Once
 * it is converted, its literal leaves the source and the check covers it again.
 */
function sharedComponentLiterals(): (text: string) => boolean {
  const sources: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (/\.tsx?$/.test(entry.name)) sources.push(readFileSync(full, 'utf8'))
    }
  }
  walk(path.resolve('web/src/components'))
  // The game page's header and period table are the public game page's too (its conversion's).
  for (const file of ['game-score-header.tsx', 'period-scores-table.tsx'])
    sources.push(readFileSync(path.resolve('web/src/features/games/components', file), 'utf8'))
  const source = sources.join('\n')
  return (text) =>
    [`'${text}'`, `"${text}"`, `>${text}<`].some((form) => source.includes(form)) ||
    new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`, 'm').test(source)
}

/**
 * Every visible text node and every aria-label, title, alt and placeholder of the screen (the main
 * region and any open dialog: the frame around it has its own test), the whole text of each element
 * whose text is split over several nodes, and the page's title.
 */
const SCREEN: Reading = {
  roots: 'screen',
  visible: 'rendered',
  skip: 'script, style, noscript',
  spaces: 'collapse',
  title: 'first-and-page',
  wholeElements: true,
}

async function settle(page: Page, heading = true) {
  await page.waitForLoadState('networkidle')
  if (heading) await page.locator('h1').first().waitFor()
  // No loading state left on the screen.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .state-loading'), undefined, { timeout: 30_000 })
}

describe('the dashboard in the user’s language', () => {
  const stand = serverAndBrowser()

  it('shows the game-day screens in Spanish, then French, with no English words', async () => {
    const base = stand.server.baseUrl
    await mkdir(SHOTS, { recursive: true })
    const page = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signInOnPage(page, base, 'ocbl', 'staff')

    // The places to visit: the active season, one of its leagues with teams, a team, a game.
    const seasons = await apiFromPage<{ seasons: { id: number; active: boolean }[] }>(page, 'GET', '/api/seasonsv2')
    const season = seasons.body.seasons.find((s) => s.active)
    if (!season) throw new Error('the seed has no active season')
    const leagues = await apiFromPage<{ leagues: { id: number; teamsCount: number }[] }>(
      page,
      'GET',
      `/api/seasonsv2/${season.id}/leagues`,
    )
    const league = leagues.body.leagues.find((l) => l.teamsCount > 1)
    if (!league) throw new Error('the seed has no league with teams')
    const teams = (await apiFromPage<{ teams: { id: number }[] }>(page, 'GET', `/api/teams/teamsByLeague?leagueId=${league.id}`))
      .body.teams
    const games = (await apiFromPage<{ games: { id: number }[] }>(page, 'GET', '/api/gamesv2')).body.games
    const team = teams[0]
    const game = games[0]
    if (!team || !game) throw new Error('the seed has no team or game')

    const screens: [name: string, url: string, act?: (page: Page) => Promise<void>][] = [
      ['dashboard', '/dashboard'],
      ['seasons', '/dashboard/seasons'],
      ['season', `/dashboard/seasons/${season.id}`],
      ['league', `/dashboard/seasons/${season.id}/leagues/${league.id}`],
      ['team', `/dashboard/seasons/${season.id}/leagues/${league.id}/teams/${team.id}`],
      ['schedule', '/schedule'],
      [
        'add-game',
        '/schedule',
        async (p) => {
          await p.locator('.page-heading button').first().click()
          await p.getByRole('dialog').waitFor()
        },
      ],
      ['game', `/games/${game.id}`],
      ['schedule-builder', '/scheduleBuilder'],
      ['players', '/playerListAuth'],
      ['standings', '/fab/standings'],
      ['leagues', '/leagueList'],
    ]

    const setLanguage = async (language: string) => {
      const me = (await apiFromPage<{ user: { id: number; version: number } }>(page, 'GET', '/api/auth/check-auth')).body.user
      const saved = await apiFromPage(page, 'PUT', `/api/usersv2/${me.id}`, { language, version: me.version })
      expect(saved.status, `saving ${language}`).toBe(200)
    }

    // The organization's stats are its data (it names and abbreviates them: Points, FT%), not the product's words.
    const data = new Set<string>()
    const sports = (await apiFromPage<{ sports: { id: number }[] }>(page, 'GET', '/api/sportsv2')).body.sports
    for (const sport of sports) {
      const stats = await apiFromPage<{ stats: { name: string; abbreviation: string }[] }>(
        page,
        'GET',
        `/api/statsv2/${sport.id}`,
      )
      for (const stat of stats.body.stats ?? []) data.add(stat.name).add(stat.abbreviation)
    }

    const visit = async (language: string, only?: readonly string[]) => {
      const isEnglish = englishLeftovers(language)
      const isShared = sharedComponentLiterals()
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: width === 375 ? 800 : 900 })
        for (const [name, url, act] of screens) {
          if (only && !only.includes(name)) continue
          await page.goto(`${base}${url}`)
          await settle(page)
          if (act) {
            await act(page)
            await settle(page)
          }
          const where = `${name} in ${language} at ${width} px`
          await expect(
            page.evaluate(() => document.documentElement.lang),
            where,
          ).resolves.toBe(language)
          const english = englishIn(await pageWords(page, SCREEN), isEnglish, data)
          await page.screenshot({ path: path.join(SHOTS, `${language}-${name}-${width}.png`), fullPage: true })
          const pending = english.filter(isShared)
          if (pending.length > 0) console.warn(`${where}: still hard-coded in web/src/components: ${pending.join(' | ')}`)
          expect(
            english.filter((text) => !isShared(text)),
            where,
          ).toEqual([])
          if (width === 1280) expect(await axeViolations(page), where).toEqual([])
        }
      }
    }

    await setLanguage('es')
    await visit('es')
    await setLanguage('fr')
    await visit('fr', ['dashboard', 'schedule-builder'])
  })
})
