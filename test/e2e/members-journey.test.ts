// The members' whole journey at 375 px (docs/members.md, docs/notifications.md): staff give a player
// an e-mail and make them their team's captain; the captain signs in from the link in the .eml,
// makes a share link for five, and four players join by it; each says whether they are coming; staff
// move the game and each affected member gets exactly one e-mail while the calendar feed shows the
// new time; both captains report the same final and the public standings change with no staff
// action; a mismatched pair of reports lands in the staff queue and one click settles it; a member
// of another team can neither report, answer, nor see anyone's e-mail. Screenshots at 375 and 1280
// px in test-artifacts/members-journey/. Needs the SPA built into web/dist and Chromium.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import ICAL from 'ical.js'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { type Eml, linkIn, readMail, waitForMail } from '../helpers/mail'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = path.resolve('test-artifacts/members-journey')
const SLUG = 'ocbl'
const PHONE = { viewport: { width: 375, height: 812 }, bypassCSP: true }
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

interface Team {
  id: number
  name: string
}

describe('members take part, end to end', () => {
  let server: TestServer
  let browser: Browser
  const contexts: BrowserContext[] = []

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    // A short quiet time: the batching is the same, the test need not wait half a minute for it.
    server = await startServer({ vars: { NOTIFY_QUIET_SECONDS: '2' } })
    browser = await launchChromium()
  }, 240_000)

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => {})
    await browser?.close()
    await server?.stop()
  })

  /** A phone of its own (cookies apart) for one person. */
  async function phone() {
    const context = await browser.newContext(PHONE)
    contexts.push(context)
    return context.newPage()
  }

  /** Signs the page in from the newest sign-in link e-mailed to `email`: the link opened as a person would. */
  async function openSignInLink(page: Page, email: string, after = new Set<string>()) {
    const mail = await waitForMail(
      server.mailDir,
      (m) => m.to.includes(email) && /\/member\/sign-in#/.test(m.text) && !after.has(m.file),
    )
    await page.goto(linkIn(mail, '/member/sign-in#'))
    await page.getByRole('heading', { name: /^Hello, / }).waitFor()
  }

  /** Asks for a sign-in link from the page's own sign-in screen, then opens it from the .eml. */
  async function signInByEmail(page: Page, email: string) {
    const before = new Set((await readMail(server.mailDir)).map((m) => m.file))
    await page.goto(`${server.baseUrl}/${SLUG}/member/sign-in`)
    await page.getByLabel('E-mail address', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
    await page.getByText('Check your inbox.', { exact: false }).waitFor()
    await openSignInLink(page, email, before)
  }

  it('staff make a captain, players join and answer, a move reaches each once, captains settle the score', async () => {
    const staff = await phone()
    await signInOnPage(staff, server.baseUrl, SLUG, 'staff')
    const api = <T = any>(method: string, url: string, body?: unknown) => apiFromPage<T>(staff, method, url, body)

    // A league of the active season with three teams of one player each, a game in three days and
    // two played two days ago (past in any zone).
    const seasons = await api<{ seasons: { id: number; active: boolean }[] }>('GET', '/api/seasonsv2')
    const season = (seasons.body.seasons.find((s) => s.active) as { id: number }).id
    const league = (await api('POST', `/api/seasonsv2/${season}/leagues`, { name: 'Journey League', season_id: season })).body
      .league.id as number
    const team = async (name: string): Promise<Team> =>
      (await api('POST', `/api/seasonsv2/${season}/leagues/${league}/teams`, { name })).body.team
    const hawks = await team('Journey Hawks')
    const owls = await team('Journey Owls')
    const crows = await team('Journey Crows')
    const player = async (t: Team, firstName: string, lastName: string, email?: string) => {
      const made = await api('POST', `/api/seasonsv2/${season}/leagues/${league}/teams/${t.id}/players`, { firstName, lastName })
      expect(made.status, JSON.stringify(made.body)).toBeLessThan(300)
      const id = made.body.player.id as number
      if (email) {
        const saved = await api('PUT', `/api/playersv2/${id}`, { firstName, lastName, email })
        expect(saved.status, JSON.stringify(saved.body)).toBeLessThan(300)
      }
      return id
    }
    const hana = await player(hawks, 'Hana', 'Hawk')
    await player(owls, 'Omar', 'Owl', 'omar.owl@members.example')
    await player(crows, 'Cody', 'Crow', 'cody.crow@members.example')
    const game = async (date: string, time: string) => {
      const made = await api('POST', '/api/games', {
        season_id: season,
        leagueId: league,
        team1_id: hawks.id,
        team2_id: owls.id,
        date,
        time,
        location: 'Journey Gym',
      })
      expect(made.status, JSON.stringify(made.body)).toBeLessThan(300)
      return made.body.game.id as number
    }
    const upcoming = await game(day(3), '19:00')
    const agreed = await game(day(-2), '18:00')
    const mismatched = await game(day(-2), '20:00')

    // 1. Staff give Hana her e-mail on her player page and make her the Hawks' captain on the roster.
    await staff.goto(`${server.baseUrl}/dashboard/players/${hana}`)
    await staff.getByRole('button', { name: 'Edit', exact: true }).click()
    await staff.getByLabel('E-mail', { exact: true }).fill('hana.hawk@members.example')
    await staff.getByRole('button', { name: 'Update', exact: true }).click()
    await staff.getByText('Player updated').waitFor()
    await staff.goto(`${server.baseUrl}/dashboard/seasons/${season}/leagues/${league}/teams/${hawks.id}`)
    const toggle = staff.getByLabel('Hana Hawk is a captain')
    await toggle.click()
    await staff.getByText('Hana Hawk is now a captain').waitFor()
    await api(
      'PUT',
      `/api/seasonsv2/${season}/leagues/${league}/teams/${owls.id}/players/${(await rosterIds(owls))[0]}/captain`,
      {
        captain: true,
      },
    )

    async function rosterIds(t: Team) {
      const roster = await api<{ players: { id: number }[] }>(
        'GET',
        `/api/seasonsv2/${season}/leagues/${league}/teams/${t.id}/players`,
      )
      return roster.body.players.map((p) => p.id)
    }

    // 2. Hana signs in on her phone from the link in the .eml and opens her team.
    const captain = await phone()
    await signInByEmail(captain, 'hana.hawk@members.example')
    expect(await noSideScroll(captain), 'the member page fits 375 px').toBe(true)
    await captain.screenshot({ path: `${SHOTS}/member-home-375.png`, fullPage: true })
    const me = await apiFromPage<{ member: { teams: { seasonsLeagueTeamId: number; teamId: number; captain: boolean }[] } }>(
      captain,
      'GET',
      `/api/member/me?slug=${SLUG}`,
    )
    const place = me.body.member.teams.find((t) => t.teamId === hawks.id) as { seasonsLeagueTeamId: number; captain: boolean }
    expect(place.captain).toBe(true)
    await captain.goto(`${server.baseUrl}/${SLUG}/member/team/${place.seasonsLeagueTeamId}`)
    await captain.getByRole('heading', { name: hawks.name, level: 1 }).waitFor()
    await captain.getByLabel('Uses').fill('5')
    await captain.getByRole('button', { name: 'Make a share link' }).click()
    const shareUrl = await captain.getByLabel('Your new link').inputValue()
    await captain.screenshot({ path: `${SHOTS}/captain-link-375.png`, fullPage: true })

    // 3. Four of the five invited join by the link, each signs in from their own e-mail and answers.
    const joiners: [string, 'In' | 'Out' | 'Maybe'][] = [
      ['Ava', 'In'],
      ['Ben', 'In'],
      ['Cai', 'Out'],
      ['Dee', 'Maybe'],
    ]
    const members: Record<string, Page> = {}
    for (const [first, answer] of joiners) {
      const page = await phone()
      const email = `${first.toLowerCase()}.hawk@members.example`
      const before = new Set((await readMail(server.mailDir)).map((m) => m.file))
      await page.goto(shareUrl)
      await page.getByRole('heading', { name: `Join ${hawks.name}` }).waitFor()
      await page.getByLabel('First name').fill(first)
      await page.getByLabel('Last name').fill('Hawk')
      await page.getByLabel('E-mail').fill(email)
      await page.getByRole('button', { name: 'Join the team' }).click()
      await page.getByText(`You are on ${hawks.name}. Check your e-mail`).waitFor()
      await openSignInLink(page, email, before)
      await page.goto(`${server.baseUrl}/${SLUG}/member/games/${upcoming}`)
      await page.getByRole('button', { name: answer, exact: true }).click()
      await page.getByText(`Your answer: ${answer}`).waitFor()
      members[email] = page
    }
    await captain.goto(`${server.baseUrl}/${SLUG}/member/games/${upcoming}`)
    await captain.getByRole('button', { name: 'In', exact: true }).click()
    await captain.getByText('3 in · 1 out · 1 maybe · 0 no answer').waitFor()
    expect(await captain.content(), 'a captain sees names and answers, never an e-mail').not.toContain('@members.example')
    await captain.screenshot({ path: `${SHOTS}/captain-answers-375.png`, fullPage: true })
    expect(await axeViolations(captain), 'the captain view of the game').toEqual([])
    await captain.setViewportSize({ width: 1280, height: 900 })
    await captain.screenshot({ path: `${SHOTS}/captain-answers-1280.png`, fullPage: true })
    await captain.setViewportSize(PHONE.viewport)

    // The Owls' captain and a Crows player sign in too (from their .eml links).
    const omar = await phone()
    await signInByEmail(omar, 'omar.owl@members.example')
    const cody = await phone()
    await signInByEmail(cody, 'cody.crow@members.example')

    // 4. Staff move the game: each member of its two teams gets ONE e-mail; the feed shows 20:30.
    const hawkEmails = ['hana.hawk@members.example', ...joiners.map(([f]) => `${f.toLowerCase()}.hawk@members.example`)]
    const affected = [...hawkEmails, 'omar.owl@members.example']
    const beforeMove = new Set((await readMail(server.mailDir)).map((m) => m.file))
    const moved = await api('PUT', `/api/games/${upcoming}`, { time: '20:30' })
    expect(moved.status, JSON.stringify(moved.body)).toBeLessThan(300)
    const feed = await fetch(`${server.baseUrl}/api/calendar/teams/${hawks.id}.ics?slug=${SLUG}`)
    const events = new ICAL.Component(ICAL.parse(await feed.text())).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    const event = events.find((e) => e.startDate.toString().startsWith(day(3))) as ICAL.Event
    expect(event.startDate.toString()).toContain('T20:30:00')
    const fresh = async () => (await readMail(server.mailDir)).filter((m) => !beforeMove.has(m.file))
    await expect
      .poll(async () => new Set((await fresh()).map((m) => m.to.replace(/.*<|>.*/g, ''))).size, { timeout: 90_000 })
      .toBe(affected.length)
    await new Promise((resolve) => setTimeout(resolve, 4_000)) // a second e-mail, if any, would be here by now
    const told = await fresh()
    for (const email of affected) {
      const mine = told.filter((m: Eml) => m.to.includes(email))
      expect(mine.length, `${email} gets one e-mail`).toBe(1)
      expect(mine[0]?.text).toMatch(/Moved: .*8:30 PM.*\(was .*7:00 PM\)/)
    }
    expect(
      told.some((m) => m.to.includes('cody.crow')),
      'the Crows are not told of a Hawks game',
    ).toBe(false)

    // 5. Both captains report the same final: the public standings change with no staff action.
    const standings = async () => {
      const { body } = await apiFromPage<{ leagues: { id: number; teams: { id: number; wins: number; losses: number }[] }[] }>(
        cody,
        'GET',
        `/api/seasonsv2/${season}/leagues-with-teams-public?slug=${SLUG}`,
      )
      return body.leagues.find((l) => l.id === league)?.teams.find((t) => t.id === hawks.id)
    }
    expect((await standings())?.wins).toBe(0)
    const report = async (page: Page, gameId: number, score: [number, number]) => {
      await page.goto(`${server.baseUrl}/${SLUG}/member/games/${gameId}/report`)
      await page.getByRole('heading', { name: 'Report the score', level: 1 }).waitFor()
      await page.getByLabel(`${hawks.name} points`).fill(String(score[0]))
      await page.getByLabel(`${owls.name} points`).fill(String(score[1]))
      await page.getByRole('button', { name: 'Send the score' }).click()
    }
    await report(captain, agreed, [64, 58])
    await captain.getByText('Waiting for the other captain.').waitFor()
    await report(omar, agreed, [64, 58])
    await omar.getByText(/Both agree — final/).waitFor()
    await omar.screenshot({ path: `${SHOTS}/report-final-375.png`, fullPage: true })
    expect(await standings()).toMatchObject({ wins: 1, losses: 0 })
    // The public standings (the same public answer the page reads) changed with no staff action above.
    const fan = await phone()
    await fan.setViewportSize({ width: 1280, height: 900 })
    await fan.goto(`${server.baseUrl}/${SLUG}/teamList?season=${season}`)
    await fan.getByRole('heading', { level: 1 }).first().waitFor()
    await fan.screenshot({ path: `${SHOTS}/public-standings-1280.png`, fullPage: true })

    // 6. A mismatch lands in the staff queue; one click settles it.
    await report(captain, mismatched, [50, 47])
    await captain.getByText('Waiting for the other captain.').waitFor()
    await report(omar, mismatched, [47, 50])
    await omar.getByText('The reports differ — the league will settle it.').waitFor()
    await staff.goto(`${server.baseUrl}/dashboard/score-reports`)
    const card = staff.locator('.score-report-game', { hasText: `${hawks.name} vs ${owls.name}` })
    await card.getByText('The reports differ.').waitFor()
    // When each report was made, on the league's clock (America/Los_Angeles), not the browser's.
    const today = new Intl.DateTimeFormat('en', { timeZone: 'America/Los_Angeles', dateStyle: 'medium' }).format(new Date())
    await card.getByText(`Reported by Hana Hawk on ${today}`, { exact: false }).waitFor()
    await staff.screenshot({ path: `${SHOTS}/staff-queue-375.png`, fullPage: true })
    await card.getByRole('button', { name: `Use ${hawks.name}'s report` }).click()
    await staff.getByText(`${hawks.name} vs ${owls.name} is final.`).waitFor()
    expect(await standings()).toMatchObject({ wins: 2, losses: 0 })

    // 7. A member of another team can neither report, answer nor see anyone's e-mail.
    const asCody = (method: string, url: string, body?: unknown) => apiFromPage(cody, method, url, body)
    expect((await asCody('PUT', `/api/member/games/${upcoming}/availability?slug=${SLUG}`, { answer: 'in' })).status).toBe(403)
    expect((await asCody('GET', `/api/member/games/${upcoming}?slug=${SLUG}`)).status).toBe(403)
    expect(
      (await asCody('PUT', `/api/member/games/${agreed}/report?slug=${SLUG}`, { score_home: 1, score_away: 0 })).status,
    ).toBe(403)
    expect((await asCody('GET', `/api/member/teams/${place.seasonsLeagueTeamId}?slug=${SLUG}`)).status).toBe(403)
    for (const url of [`/${SLUG}/players`, `/${SLUG}/teams/${hawks.id}`, `/${SLUG}/member`]) {
      await cody.goto(`${server.baseUrl}${url}`)
      await cody.waitForLoadState('networkidle')
      expect(await cody.content(), `${url} shows no one's e-mail`).not.toMatch(/hawk@members\.example|omar\.owl@/)
    }
  }, 600_000)
})
