// Browser journey (docs/members.md "Captains", "Roster invites", "Availability") at 375 px: staff mark
// a team's captain on the dashboard roster; the captain, signed in from the link in the .eml, makes a
// share link; two players join by it (each signed in from their own e-mail) and answer whether they
// are coming; the captain sees the counts and names, and enters the team's dates it can't play and
// its requests (docs/venues.md "Team constraints"). Axe clean; screenshots at 375 and 1280 px in
// test-artifacts/captains/. Needs the SPA built into web/dist and Chromium.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persistArgs, runWrangler } from '../../scripts/start'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { linkIn, waitForMail } from '../helpers/mail'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = path.resolve('test-artifacts/captains')
const SLUG = 'ocbl'

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/** Signs a member in on the page from the sign-in link in their newest .eml (docs/members.md "Signing in"). */
async function signInFromMail(page: Page, server: TestServer, email: string) {
  const mail = await waitForMail(server.mailDir, (m) => m.to === email && /\/member\/sign-in#/.test(m.text))
  const link = linkIn(mail, '/member/sign-in#')
  const token = link.split('#')[1] as string
  await page.goto(`${server.baseUrl}/${SLUG}`)
  await page.evaluate(() => fetch('/api/auth/check-auth', { credentials: 'same-origin' }))
  const signedIn = await apiFromPage<{ member: { teams: { seasonsLeagueTeamId: number; captain: boolean }[] } }>(
    page,
    'POST',
    `/api/member/sign-in?slug=${SLUG}`,
    { token },
  )
  expect(signedIn.status, `${email} signs in`).toBe(200)
  return signedIn.body.member
}

describe('captains, share links and availability', () => {
  let server: TestServer
  let browser: Browser
  let stateDir: string

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-captains-'))
    server = await startServer({ stateDir })
    browser = await launchChromium()
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await rm(stateDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 })
  })

  it('at 375 px: staff mark a captain; the captain shares a link; two players join and answer; the captain sees the counts', async () => {
    const staff = await browser.newPage({ viewport: { width: 375, height: 900 }, bypassCSP: true })
    await signInOnPage(staff, server.baseUrl, SLUG, 'staff')

    // A league of the active season with two teams, a game between them three days from now.
    const seasons = await apiFromPage<{ seasons: { id: number; active: boolean }[] }>(staff, 'GET', '/api/seasonsv2')
    const season = seasons.body.seasons.find((s) => s.active) as { id: number }
    const leagues = await apiFromPage<{ leagues: { id: number; teamsCount: number }[] }>(
      staff,
      'GET',
      `/api/seasonsv2/${season.id}/leagues`,
    )
    const league = leagues.body.leagues.find((l) => l.teamsCount >= 2) as { id: number }
    const teams = (
      await apiFromPage<{ teams: { id: number; name: string }[] }>(
        staff,
        'GET',
        `/api/seasonsv2/${season.id}/leagues/${league.id}/teams`,
      )
    ).body.teams
    const [home, away] = teams as [{ id: number; name: string }, { id: number; name: string }]
    const roster = (
      await apiFromPage<{ players: { id: number; firstName: string; lastName: string }[] }>(
        staff,
        'GET',
        `/api/seasonsv2/${season.id}/leagues/${league.id}/teams/${home.id}/players`,
      )
    ).body.players
    const captain = roster[0] as { id: number; firstName: string; lastName: string }
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const made = await apiFromPage<{ game: { id: number } }>(staff, 'POST', '/api/games', {
      season_id: season.id,
      leagueId: league.id,
      team1_id: home.id,
      team2_id: away.id,
      date: day,
      time: '19:30',
      location: 'Captains gym',
    })
    expect(made.status, JSON.stringify(made.body)).toBeLessThan(300)
    const gameId = made.body.game.id
    // The captain's e-mail on their player record (the players screen's e-mail field is another part of docs/members.md).
    const captainEmail = 'captain.e2e@members.example'
    await runWrangler(
      [
        'd1',
        'execute',
        'DB',
        '--local',
        '--command',
        `UPDATE players SET email = '${captainEmail}' WHERE id = ${captain.id}`,
        ...persistArgs(stateDir),
      ],
      'Giving the captain an e-mail',
    )

    // Staff mark the captain on the dashboard roster.
    await staff.goto(`${server.baseUrl}/dashboard/seasons/${season.id}/leagues/${league.id}/teams/${home.id}`)
    const captainName = `${captain.firstName} ${captain.lastName}`
    const toggle = staff.getByLabel(`${captainName} is a captain`)
    await toggle.waitFor()
    await toggle.click()
    await staff.getByText(`${captainName} is now a captain`).waitFor()
    expect(await toggle.isChecked()).toBe(true)
    await staff.screenshot({ path: `${SHOTS}/dashboard-roster-375.png`, fullPage: true })
    expect(await axeViolations(staff), 'the dashboard roster with its captain toggles').toEqual([])
    // At 375 px the roster's row buttons stay on screen: its box does not scroll sideways (docs/phone-tables.md).
    const rosterBox = staff.locator('.table-scroll', { has: staff.getByLabel(`${captainName} is a captain`) })
    expect(
      await rosterBox.evaluate((box) => box.scrollWidth <= box.clientWidth + 1),
      'the dashboard roster fits a 375 px screen',
    ).toBe(true)

    // The captain signs in from the link e-mailed to them and opens their team.
    const capContext = await browser.newContext({ viewport: { width: 375, height: 900 }, bypassCSP: true })
    const cap = await capContext.newPage()
    await cap.goto(`${server.baseUrl}/${SLUG}`)
    await cap.evaluate(() => fetch('/api/auth/check-auth', { credentials: 'same-origin' }))
    const asked = await apiFromPage(cap, 'POST', `/api/member/sign-in-link?slug=${SLUG}`, { email: captainEmail })
    expect(asked.status).toBe(202)
    const me = await signInFromMail(cap, server, captainEmail)
    const place = me.teams.find((t) => t.captain) as { seasonsLeagueTeamId: number }
    expect(place).toBeTruthy()
    // Reached by a click from the member's own page, where a captain's team has "Manage team".
    await cap.goto(`${server.baseUrl}/${SLUG}/member`)
    await cap.getByRole('link', { name: `Manage team: ${home.name}` }).click()
    await cap.waitForURL(`**/${SLUG}/member/team/${place.seasonsLeagueTeamId}`)
    await cap.getByRole('heading', { name: home.name, level: 1 }).waitFor()
    await cap.getByLabel('Uses').fill('5')
    await cap.getByRole('button', { name: 'Make a share link' }).click()
    const linkBox = cap.getByLabel('Your new link')
    await linkBox.waitFor()
    const shareUrl = await linkBox.inputValue()
    expect(shareUrl).toMatch(/\/ocbl\/join\/[A-Za-z0-9_-]{43,}$/)
    await cap.getByText('Used 0 of 5 times', { exact: false }).waitFor()
    expect(await noSideScroll(cap), 'the captain page fits 375 px').toBe(true)
    await cap.screenshot({ path: `${SHOTS}/captain-team-375.png`, fullPage: true })
    expect(await axeViolations(cap), 'the captain page with its new link').toEqual([])

    // Dates we can't play and requests (docs/venues.md "Team constraints"), by keyboard at 375 px:
    // the league already has games, so the screen says changes count from the next generation.
    await cap.getByRole('heading', { name: "Dates we can't play and requests", level: 2 }).waitFor()
    await cap.getByText("The league's schedule is already out", { exact: false }).waitFor()
    const addDate = cap.getByRole('form', { name: "Add a date we can't play" })
    // The date picker's typed order (and Tab through its parts) follows the browser's locale: the
    // date is filled as ISO, the reason typed and the form sent with Enter.
    await addDate.getByLabel('Date').fill('2027-03-01')
    await addDate.getByLabel('Reason').focus()
    await cap.keyboard.type('Tournament away')
    await cap.keyboard.press('Enter')
    await cap.getByText(/March 1, 2027 — Tournament away/).waitFor()
    const addRequest = cap.getByRole('form', { name: 'Add a request' })
    await addRequest.getByLabel('Request').selectOption({ label: 'Latest start' })
    await addRequest.getByLabel('Time').fill('20:00')
    await addRequest.getByLabel('Reason').fill('Babysitter')
    await addRequest.getByRole('button', { name: 'Add request' }).click()
    await cap.getByText('Start no later than 8:00 PM — Babysitter').waitFor()
    // Removing needs no confirmation and offers Undo.
    await cap.getByRole('button', { name: 'Remove March 1, 2027' }).click()
    await cap.getByText('Removed: March 1, 2027.').waitFor()
    expect(await cap.getByText(/Tournament away/).count()).toBe(0)
    await cap.getByRole('button', { name: 'Undo' }).click()
    await cap.getByText('Put back.').waitFor()
    await cap.getByText(/March 1, 2027 — Tournament away/).waitFor()
    const saved = await apiFromPage<{
      constraints: { blackouts: { date: string }[]; requests: { kind: string; time: string }[] }
    }>(cap, 'GET', `/api/member/teams/${place.seasonsLeagueTeamId}/constraints?slug=${SLUG}`)
    expect(saved.body.constraints.blackouts.map((b) => b.date)).toEqual(['2027-03-01'])
    expect(saved.body.constraints.requests).toEqual([expect.objectContaining({ kind: 'latestStart', time: '20:00' })])
    expect(await noSideScroll(cap), 'the captain page with its constraints fits 375 px').toBe(true)
    await cap.screenshot({ path: `${SHOTS}/captain-constraints-375.png`, fullPage: true })
    expect(await axeViolations(cap), "the captain's dates and requests").toEqual([])

    // Two players join by the link, each signs in from their own e-mail and answers.
    const answers: [string, 'In' | 'Maybe'][] = [
      ['Jordan', 'In'],
      ['Riley', 'Maybe'],
    ]
    for (const [first, answer] of answers) {
      const context = await browser.newContext({ viewport: { width: 375, height: 900 }, bypassCSP: true })
      const page = await context.newPage()
      await page.goto(shareUrl)
      await page.getByRole('heading', { name: `Join ${home.name}` }).waitFor()
      const email = `${first.toLowerCase()}.e2e@members.example`
      await page.getByLabel('First name').fill(first)
      await page.getByLabel('Last name').fill('Joiner')
      await page.getByLabel('E-mail').fill(email)
      if (first === 'Jordan') {
        expect(await axeViolations(page), 'the join page').toEqual([])
        await page.screenshot({ path: `${SHOTS}/join-375.png`, fullPage: true })
      }
      await page.getByRole('button', { name: 'Join the team' }).click()
      await page.getByText(`You are on ${home.name}. Check your e-mail`).waitFor()
      await signInFromMail(page, server, email)
      await page.goto(`${server.baseUrl}/${SLUG}/member/games/${gameId}`)
      await page.getByText(`${home.name} vs ${away.name}`).waitFor()
      await page.getByRole('button', { name: answer, exact: true }).click()
      await page.getByText(`Your answer: ${answer}`).waitFor()
      expect(await page.getByRole('button', { name: answer, exact: true }).getAttribute('aria-pressed')).toBe('true')
      if (first === 'Jordan') {
        expect(await noSideScroll(page)).toBe(true)
        await page.screenshot({ path: `${SHOTS}/member-game-375.png`, fullPage: true })
        expect(await axeViolations(page), 'the member game page').toEqual([])
      }
      await context.close()
    }

    // The captain answers too, and sees the counts and names.
    await cap.goto(`${server.baseUrl}/${SLUG}/member/games/${gameId}`)
    await cap.getByRole('button', { name: 'In', exact: true }).click()
    await cap.getByText('Your answer: In').waitFor()
    const others = roster.length - 1
    await cap.getByText(`2 in · 0 out · 1 maybe · ${others} no answer`).waitFor()
    await cap.getByRole('heading', { name: 'In (2)' }).waitFor()
    await cap.getByText('Jordan Joiner').waitFor()
    await cap.getByRole('heading', { name: 'Maybe (1)' }).waitFor()
    await cap.getByText('Riley Joiner').waitFor()
    expect(await cap.content()).not.toContain('@members.example')
    await cap.screenshot({ path: `${SHOTS}/captain-game-375.png`, fullPage: true })
    expect(await axeViolations(cap), 'the captain view of a game').toEqual([])
    await cap.setViewportSize({ width: 1280, height: 900 })
    await cap.screenshot({ path: `${SHOTS}/captain-game-1280.png`, fullPage: true })
    await cap.goto(`${server.baseUrl}/${SLUG}/member/team/${place.seasonsLeagueTeamId}`)
    await cap.getByText('Jordan Joiner').waitFor()
    await cap.getByText(`2 in · 0 out · 1 maybe · ${others} no answer`).waitFor()
    await cap.screenshot({ path: `${SHOTS}/captain-team-1280.png`, fullPage: true })
    expect(await axeViolations(cap), 'the captain page at 1280').toEqual([])
    await capContext.close()
  }, 240_000)
})
