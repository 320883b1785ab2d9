// Browser journey (docs/members.md "Score reports"), at 375 px: two captains of OCBL, each signed in
// from the link in the .eml the server wrote, report the same final on their phones and the public
// standings change with no staff action; a mismatched pair of reports lands in the staff's Score
// reports queue, where one click settles it. Axe clean, no sideways scroll. Needs the SPA built into
// web/dist and Chromium. Screenshots (375 and 1280 px) in test-artifacts/score-reports/.
//
// The foundation has no screen yet to give a player an e-mail or to mark a captain (other parts of
// docs/members.md): the journey sets both, and its two games, straight in the server's D1 file
// between a first start (migrate, seed) and the real one, as scripts/bench-data.ts writes it.
import { readdirSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { signInAsMember } from '../helpers/members-browser'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = path.resolve('test-artifacts/score-reports')
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

interface Setup {
  seasonId: number
  home: { id: number; name: string; captain: string }
  away: { id: number; name: string; captain: string }
  agreed: number
  mismatched: number
  /** A third game of yesterday, reported by nobody: the captains reach it from their member page. */
  pending: number
}

/** OCBL's active season: a league's first two teams, a captain with an e-mail on each, two games that tipped off yesterday. */
function prepare(stateDir: string): Setup {
  const dir = path.join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject')
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite')
  const db = new DatabaseSync(path.join(dir, file as string))
  try {
    const org = db.prepare("SELECT id FROM organizations WHERE slug = 'ocbl'").get() as { id: number }
    const teams = db
      .prepare(
        `SELECT slt.team_id AS id, t.name, sl.season_id AS season, sl.league_id AS league,
          (SELECT r.player_id FROM rosters r WHERE r.seasons_league_team_id = slt.id ORDER BY r.player_id LIMIT 1) AS player
        FROM seasons_leagues_teams slt JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id
        JOIN seasons s ON s.id = sl.season_id JOIN teams t ON t.id = slt.team_id
        WHERE s.organization_id = ? AND s.active = 1 ORDER BY sl.league_id, slt.id LIMIT 2`,
      )
      .all(org.id) as { id: number; name: string; season: number; league: number; player: number }[]
    const [home, away] = teams as [(typeof teams)[0], (typeof teams)[0]]
    const captain = (team: typeof home) => {
      const email = `captain-${team.id}@members.example`
      db.prepare('UPDATE players SET email = ? WHERE id = ?').run(email, team.player)
      db.prepare('UPDATE rosters SET captain = 1 WHERE player_id = ? AND team_id = ?').run(team.player, team.id)
      return email
    }
    const at = new Date(Date.now() - 20 * 3_600_000).toISOString()
    const game = () =>
      (
        db
          .prepare(
            "INSERT INTO games (organization_id, season_id, league_id, team1_id, team2_id, date, time, game_date_time, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'scheduled') RETURNING id",
          )
          .get(org.id, home.season, home.league, home.id, away.id, at.slice(0, 10), at.slice(11, 16), at) as { id: number }
      ).id
    return {
      seasonId: home.season,
      home: { id: home.id, name: home.name, captain: captain(home) },
      away: { id: away.id, name: away.name, captain: captain(away) },
      agreed: game(),
      mismatched: game(),
      pending: game(),
    }
  } finally {
    db.close()
  }
}

async function report(page: Page, server: TestServer, setup: Setup, gameId: number, score: [number, number]) {
  await page.goto(`${server.baseUrl}/ocbl/member/games/${gameId}/report`)
  await page.getByRole('heading', { name: 'Report the score', level: 1 }).waitFor()
  await page.getByLabel(`${setup.home.name} points`).fill(String(score[0]))
  await page.getByLabel(`${setup.away.name} points`).fill(String(score[1]))
}

type Standing = { id: number; wins: number; losses: number }
async function standingsOf(page: Page, setup: Setup): Promise<Standing[]> {
  const { body } = await apiFromPage<{ leagues: { teams: Standing[] }[] }>(
    page,
    'GET',
    `/api/seasonsv2/${setup.seasonId}/leagues-with-teams-public?slug=ocbl`,
  )
  return body.leagues.flatMap((l) => l.teams.map((t) => ({ id: t.id, wins: t.wins, losses: t.losses })))
}

describe('score reports', () => {
  let server: TestServer
  let browser: Browser
  let setup: Setup
  let stateDir: string

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-scores-'))
    await (await startServer({ stateDir })).stop()
    setup = prepare(stateDir)
    server = await startServer({ stateDir })
    browser = await launchChromium()
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    if (stateDir) await rm(stateDir, { recursive: true, force: true })
  })

  it('two captains report the same final on their phones and the standings change by themselves; a mismatch is settled in one click', async () => {
    const phone = { viewport: { width: 375, height: 812 }, bypassCSP: true }
    const homePage = await (await browser.newContext(phone)).newPage()
    const awayPage = await (await browser.newContext(phone)).newPage()
    await signInAsMember(homePage, server, setup.home.captain)
    await signInAsMember(awayPage, server, setup.away.captain)
    const before = await standingsOf(homePage, setup)

    // The home captain reports first, with one line of the team's box score typed in the desk's grid.
    await report(homePage, server, setup, setup.agreed, [64, 58])
    await homePage.getByLabel(`Add ${setup.home.name}'s box score`).check()
    const firstCell = homePage.locator('.box-score-table input.stat-input').first()
    await firstCell.fill('3')
    expect(await noSideScroll(homePage), 'no sideways scroll on the report form').toBe(true)
    await homePage.screenshot({ path: `${SHOTS}/report-form-375.png`, fullPage: true })
    expect(await axeViolations(homePage), 'the report form at 375').toEqual([])
    await homePage.getByRole('button', { name: 'Send the score' }).click()
    await homePage.getByText('Waiting for the other captain.').waitFor()
    await homePage.setViewportSize({ width: 1280, height: 900 })
    await homePage.screenshot({ path: `${SHOTS}/report-waiting-1280.png`, fullPage: true })
    expect(await axeViolations(homePage), 'the waiting state at 1280').toEqual([])
    await homePage.setViewportSize({ width: 375, height: 812 })

    // The away captain agrees: the game is final, with no staff action.
    await report(awayPage, server, setup, setup.agreed, [64, 58])
    await awayPage.getByRole('button', { name: 'Send the score' }).click()
    await awayPage.getByText(/Both agree — final/).waitFor()
    await awayPage.screenshot({ path: `${SHOTS}/report-final-375.png`, fullPage: true })
    expect(await axeViolations(awayPage), 'the final state at 375').toEqual([])
    const after = await standingsOf(awayPage, setup)
    const row = (list: Standing[], id: number) => list.find((t) => t.id === id)
    expect(row(after, setup.home.id)?.wins).toBe((row(before, setup.home.id)?.wins ?? 0) + 1)
    expect(row(after, setup.away.id)?.losses).toBe((row(before, setup.away.id)?.losses ?? 0) + 1)
    const visitor = await browser.newPage(phone)
    await visitor.goto(`${server.baseUrl}/ocbl/games/${setup.agreed}`)
    await visitor.getByText('64').first().waitFor()
    await visitor.screenshot({ path: `${SHOTS}/public-game-375.png`, fullPage: true })

    // The other game's reports differ: both captains are told the league will settle it.
    await report(homePage, server, setup, setup.mismatched, [50, 47])
    await homePage.getByRole('button', { name: 'Send the score' }).click()
    await homePage.getByText('Waiting for the other captain.').waitFor()
    await report(awayPage, server, setup, setup.mismatched, [47, 50])
    await awayPage.getByRole('button', { name: 'Send the score' }).click()
    await awayPage.getByText('The reports differ — the league will settle it.').waitFor()
    await awayPage.screenshot({ path: `${SHOTS}/report-differ-375.png`, fullPage: true })

    // Staff find it in the Score reports queue, both reports side by side.
    const staff = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signInOnPage(staff, server.baseUrl, 'ocbl', 'staff')
    await staff.getByRole('link', { name: 'Score reports', exact: true }).click()
    await staff.getByRole('heading', { name: 'Score reports', level: 1 }).waitFor()
    const card = staff.locator('.score-report-game', { hasText: `${setup.home.name} vs ${setup.away.name}` })
    await card.getByText('The reports differ.').waitFor()
    await card.getByRole('heading', { name: `${setup.home.name}'s report` }).waitFor()
    await card.getByRole('heading', { name: `${setup.away.name}'s report` }).waitFor()
    await staff.screenshot({ path: `${SHOTS}/queue-1280.png`, fullPage: true })
    expect(await axeViolations(staff), 'the queue at 1280').toEqual([])
    await staff.setViewportSize({ width: 375, height: 812 })
    expect(await noSideScroll(staff), 'no sideways scroll on the queue at 375').toBe(true)
    await staff.screenshot({ path: `${SHOTS}/queue-375.png`, fullPage: true })
    expect(await axeViolations(staff), 'the queue at 375').toEqual([])

    // One click settles it with the home captain's report.
    await card.getByRole('button', { name: `Use ${setup.home.name}'s report` }).click()
    await staff.getByText(`${setup.home.name} vs ${setup.away.name} is final.`).waitFor()
    await staff.getByText('Nothing to settle: every reported game agrees.').waitFor()
    const settled = await apiFromPage<{ game: { status: string; score_home: number; score_away: number } }>(
      staff,
      'GET',
      `/api/gamesv2/${setup.mismatched}?slug=ocbl`,
    )
    expect(settled.body.game).toMatchObject({ status: 'completed', score_home: 50, score_away: 47 })
    await awayPage.reload()
    await awayPage.getByText(/The league settled it — final/).waitFor()
  }, 240_000)

  it("captains reach a past game's report screen from their member page; the staff sidebar counts the games waiting", async () => {
    const phone = { viewport: { width: 375, height: 812 }, bypassCSP: true }
    const homePage = await (await browser.newContext(phone)).newPage()
    await signInAsMember(homePage, server, setup.home.captain)
    await homePage.goto(`${server.baseUrl}/ocbl/member`)
    const list = homePage.locator('section', { has: homePage.getByRole('heading', { name: 'Games to report', level: 2 }) })
    await list.waitFor()
    // Yesterday's three games: the two made final by their reports, and the one nobody reported yet.
    const items = list.locator('li')
    await expect.poll(() => items.count()).toBe(3)
    const pending = items.filter({ hasText: 'Needs your report' })
    expect(await pending.count()).toBe(1)
    expect(await items.filter({ hasText: 'Final' }).count()).toBe(2)
    expect(await noSideScroll(homePage), 'no sideways scroll on the member page').toBe(true)
    await homePage.screenshot({ path: `${SHOTS}/member-reports-375.png`, fullPage: true })
    expect(await axeViolations(homePage), 'the member page with games to report at 375').toEqual([])

    // The link opens the game's report screen; once sent, the list says it waits for the other captain.
    await pending.getByRole('link', { name: `${setup.home.name} vs ${setup.away.name}` }).click()
    await homePage.waitForURL(new RegExp(`/ocbl/member/games/${setup.pending}/report$`))
    await homePage.getByRole('heading', { name: 'Report the score', level: 1 }).waitFor()
    await homePage.getByLabel(`${setup.home.name} points`).fill('70')
    await homePage.getByLabel(`${setup.away.name} points`).fill('60')
    await homePage.getByRole('button', { name: 'Send the score' }).click()
    await homePage.getByText('Waiting for the other captain.').waitFor()
    await homePage.goto(`${server.baseUrl}/ocbl/member`)
    await list.getByText('Waiting for the other captain').waitFor()
    await homePage.setViewportSize({ width: 1280, height: 900 })
    expect(await axeViolations(homePage), 'the member page at 1280').toEqual([])

    // The staff sidebar counts the games waiting in the queue: none, then one once the reports differ.
    const staff = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signInOnPage(staff, server.baseUrl, 'ocbl', 'staff')
    const entry = staff.getByRole('link', { name: 'Score reports', exact: true })
    await entry.waitFor()
    expect(await entry.locator('.nav-count').count(), 'no count at 0').toBe(0)
    const awayPage = await (await browser.newContext(phone)).newPage()
    await signInAsMember(awayPage, server, setup.away.captain)
    await report(awayPage, server, setup, setup.pending, [60, 70])
    await awayPage.getByRole('button', { name: 'Send the score' }).click()
    await awayPage.getByText('The reports differ — the league will settle it.').waitFor()
    await staff.reload()
    await entry.locator('.nav-count').waitFor()
    expect(await entry.locator('.nav-count').textContent()).toBe('1')
    // Said in words as the link's description; its name stays the screen's.
    const described = await entry.getAttribute('aria-describedby')
    expect(await staff.locator(`[id="${described}"]`).textContent()).toBe('1 waiting')
    await staff.screenshot({ path: `${SHOTS}/sidebar-count-1280.png` })
    expect(await axeViolations(staff), 'the dashboard with the count at 1280').toEqual([])
  }, 240_000)
})
