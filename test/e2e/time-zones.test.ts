// Browser journey (docs/decisions/2026-11-28-time-zones.md): a league in Madrid. The super admin
// creates the organization in Europe/Madrid and its owner and staff; staff schedule games at 19:00
// on the day Madrid's clocks go forward (2026-03-29) and a week before through the Add Game form,
// which refuses 02:30 on the change day with the message naming the next valid time. 7:00 PM shows
// on the public schedule, the game page, the schedule widget and the admin dashboard and schedule;
// the calendar feed, read by ical.js, starts the games at 17:00Z and 18:00Z. The owner's Site look
// screen shows the zone and saves a new one, at 1280 px and 375 px, axe clean.
// Needs the SPA built into web/dist and Chromium.
import { mkdir } from 'node:fs/promises'
import { formatInTimeZone } from 'date-fns-tz'
import ICAL from 'ical.js'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage } from '../helpers/browser'
import { serverAndBrowser } from '../helpers/stand'

const SHOTS = '/tmp/zone-shots'
const SLUG = 'liga-madrid'
const SKIPPED =
  '2:30 AM does not exist on March 29, 2026 in Europe/Madrid: the clocks go forward. The next valid time is 3:00 AM.'

type Game = { id: number; date: string; time: string; version: number; game_dateTime: string | null }

async function signIn(page: Page, baseUrl: string, username: string, password: string) {
  await page.goto(`${baseUrl}/${SLUG}/login`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'LOGIN' }).click()
  await page.waitForURL('**/dashboard**')
}

async function expectAxeClean(page: Page, where: string) {
  expect(await axeViolations(page), where).toEqual([])
}

describe('an organization in Madrid', () => {
  const stand = serverAndBrowser()

  it('schedules 19:00 across the spring-forward change, refuses 02:30 that night, and shows and exports it in Madrid time', async () => {
    const base = stand.server.baseUrl
    await mkdir(SHOTS, { recursive: true })

    // ---- The super admin creates the organization in Europe/Madrid, with an owner and a staff member.
    const admin = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await admin.goto(`${base}/login`)
    await admin.getByLabel('Username').fill('superadmin')
    await admin.getByLabel('Password').fill('superadmin-local')
    await admin.getByRole('button', { name: 'LOGIN' }).click()
    await admin.waitForURL('**/dashboard/seasons')
    await admin.getByRole('button', { name: 'Settings' }).click()
    await admin.getByRole('link', { name: 'Organizations' }).click()
    await admin.getByRole('heading', { name: 'Organizations' }).waitFor()
    await admin.getByRole('button', { name: 'Create Organization' }).click()
    const orgDialog = admin.getByRole('dialog', { name: 'Create Organization' })
    await orgDialog.waitFor()
    await orgDialog.getByLabel('Name', { exact: true }).fill('Liga Madrid')
    await orgDialog.getByLabel('Slug').fill(SLUG)
    await orgDialog.getByLabel('Basketball').check()
    await orgDialog.getByLabel('Time zone').selectOption('Europe/Madrid')
    await expectAxeClean(admin, 'Create Organization')
    await orgDialog.getByRole('button', { name: 'Create Organization' }).click()
    await orgDialog.waitFor({ state: 'detached' })
    await admin.getByText('Organization created').waitFor()
    await admin.getByRole('heading', { name: 'Users of Liga Madrid' }).waitFor()
    for (const [username, role] of [
      ['madrid-owner', 'org_owner'],
      ['madrid-staff', 'staff'],
    ] as const) {
      await admin.getByRole('button', { name: 'Create User' }).click()
      const userDialog = admin.getByRole('dialog', { name: 'Create User' })
      await userDialog.waitFor()
      await userDialog.getByLabel('Username').fill(username)
      await userDialog.getByLabel('Email').fill(`${username}@madrid.test`)
      await userDialog.getByLabel('Password').fill('fast-break-2025')
      await userDialog.getByLabel('Role').selectOption(role)
      await userDialog.getByRole('button', { name: 'Create User' }).click()
      await userDialog.waitFor({ state: 'detached' })
      await admin.getByRole('cell', { name: username, exact: true }).waitFor()
    }
    await expectAxeClean(admin, 'Organizations')
    await admin.close()

    // ---- Staff: a season, a league and two teams (through the API), then the games through Add Game.
    const staff = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signIn(staff, base, 'madrid-staff', 'fast-break-2025')
    const created = await apiFromPage<{ season: { id: number } }>(staff, 'POST', '/api/seasonsv2', {
      name: 'Primavera 2026',
      active: true,
      startDate: '2026-03-01',
      finishDate: '2026-05-31',
    })
    expect(created, 'the season').toMatchObject({ status: 201 })
    const season = created.body.season
    const league = (
      await apiFromPage<{ league: { id: number } }>(staff, 'POST', `/api/seasonsv2/${season.id}/leagues`, {
        name: 'Liga Domingo',
        season_id: season.id,
      })
    ).body.league
    const teamIds: number[] = []
    for (const name of ['Toros', 'Osos']) {
      const team = await apiFromPage<{ team: { id: number } }>(
        staff,
        'POST',
        `/api/seasonsv2/${season.id}/leagues/${league.id}/teams`,
        { name },
      )
      expect(team.status).toBe(201)
      teamIds.push(team.body.team.id)
    }

    await staff.goto(`${base}/schedule`)
    const addGame = async (date: string, time: string) => {
      await staff.getByRole('button', { name: 'Add Game' }).click()
      const dialog = staff.getByRole('dialog', { name: 'Add Game' })
      await dialog.waitFor()
      await dialog.getByLabel('Season').selectOption({ label: 'Primavera 2026 (active)' })
      await dialog.getByLabel('League').selectOption({ label: 'Liga Domingo' })
      await dialog.getByRole('option', { name: 'Toros' }).first().waitFor({ state: 'attached' })
      await dialog.getByLabel('Home team').selectOption({ label: 'Toros' })
      await dialog.getByLabel('Away team').selectOption({ label: 'Osos' })
      await dialog.getByLabel('Date').fill(date)
      await dialog.getByLabel('Time').fill(time)
      await dialog.getByRole('button', { name: 'Add Game', exact: true }).click()
      return dialog
    }
    await (await addGame('2026-03-29', '19:00')).waitFor({ state: 'detached' })
    await (await addGame('2026-03-22', '19:00')).waitFor({ state: 'detached' })

    // 02:30 on the change day never happens in Madrid: the form says so and stays open.
    const refused = await addGame('2026-03-29', '02:30')
    await refused.getByText(SKIPPED).waitFor()
    await expectAxeClean(staff, 'Add Game refused')
    await refused.getByRole('button', { name: 'Cancel' }).click()
    await refused.waitFor({ state: 'detached' })

    // And one just after midnight: 00:30 on March 22 in Madrid is 23:30Z on March 21 (and the
    // afternoon of March 21 in Los Angeles), yet the league plays it on March 22.
    const early = await apiFromPage(staff, 'POST', '/api/games', {
      season_id: season.id,
      leagueId: league.id,
      team1_id: teamIds[1],
      team2_id: teamIds[0],
      date: '2026-03-22',
      time: '00:30',
    })
    expect(early.status).toBe(201)
    await staff.reload()

    const games = (
      await apiFromPage<{ games: Game[] }>(staff, 'GET', `/api/gamesv2?seasonId=${season.id}&leagueId=${league.id}`)
    ).body.games.sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`))
    expect(games.map((g) => [g.date, g.time, g.game_dateTime])).toEqual([
      ['2026-03-22', '00:30', '2026-03-21T23:30:00.000Z'],
      ['2026-03-22', '19:00', '2026-03-22T18:00:00.000Z'],
      ['2026-03-29', '19:00', '2026-03-29T17:00:00.000Z'],
    ])
    const [afterMidnight, weekBefore, changeDay] = games as [Game, Game, Game]
    const shownAt = [
      ['March 29, 2026', '7:00 PM', changeDay.id],
      ['March 22, 2026', '7:00 PM', weekBefore.id],
      ['March 22, 2026', '12:30 AM', afterMidnight.id],
    ] as const

    // The admin schedule: each game at its time on its own day.
    for (const [day, time, id] of shownAt) {
      const row = staff.getByRole('row').filter({ has: staff.locator(`a[href$="/games/${id}"]`) })
      await row.first().waitFor()
      const text = await row.first().textContent()
      expect(text).toContain(day)
      expect(text).toContain(time)
    }
    await expectAxeClean(staff, 'Admin schedule')

    // ---- The public site: the schedule and the game page.
    const fan = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await fan.goto(`${base}/${SLUG}/schedule`)
    for (const [day, time, id] of shownAt) {
      const row = fan.getByRole('row').filter({ has: fan.locator(`a[href$="/games/${id}"]`) })
      await row.first().waitFor()
      const text = await row.first().textContent()
      expect(text).toContain(day)
      expect(text).toContain(time)
    }
    await expectAxeClean(fan, 'Public schedule')
    await fan.goto(`${base}/${SLUG}/games/${changeDay.id}`)
    await fan.getByText('March 29, 2026 · 7:00 PM').first().waitFor()
    await expectAxeClean(fan, 'Public game page')
    await fan.goto(`${base}/${SLUG}/games/${afterMidnight.id}`)
    await fan.getByText('March 22, 2026 · 12:30 AM').first().waitFor()

    // ---- The calendar feed: ical.js reads the games at 17:00Z (summer time) and 18:00Z (winter).
    const feed = await fetch(`${base}/api/calendar/leagues/${league.id}.ics?slug=${SLUG}`)
    expect(feed.status).toBe(200)
    const ics = await feed.text()
    expect(ics).toContain('TZID:Europe/Madrid')
    const starts = new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents('vevent')
      .map((event) => new ICAL.Event(event).startDate.toJSDate().toISOString())
      .sort()
    expect(starts).toEqual(['2026-03-21T23:30:00.000Z', '2026-03-22T18:00:00.000Z', '2026-03-29T17:00:00.000Z'])

    // ---- The schedule widget: once scored, both games are results at 7:00 PM on their own days
    // (a past game without a score is in neither list: docs/widgets.md).
    for (const game of games) {
      const scored = await apiFromPage(staff, 'PUT', `/api/gamesv2/${game.id}/scores`, {
        score_home: 60,
        score_away: 55,
        version: game.version,
      })
      expect(scored.status).toBe(200)
    }
    await fan.goto(`${base}/${SLUG}/widgets/schedule?league=${league.id}`)
    await fan.getByText('March 29, 2026 · 7:00 PM').waitFor()
    await fan.getByText('March 22, 2026 · 7:00 PM').waitFor()
    await fan.getByText('March 22, 2026 · 12:30 AM').waitFor()
    await expectAxeClean(fan, 'Schedule widget')
    await fan.close()

    // The dashboard lists tonight's games and the last four weeks' without a result
    // (docs/dashboard.md), on Madrid's calendar: a game tonight at 19:00 and one last night at
    // 00:30, both in Madrid's own day, whatever the machine's zone.
    const madridDay = (offsetDays: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + offsetDays * 86_400_000))
    for (const [date, time, home, away] of [
      [madridDay(0), '19:00', teamIds[0], teamIds[1]],
      [madridDay(-1), '00:30', teamIds[1], teamIds[0]],
    ] as const) {
      const created = await apiFromPage(staff, 'POST', '/api/games', {
        season_id: season.id,
        leagueId: league.id,
        team1_id: home,
        team2_id: away,
        date,
        time,
      })
      expect(created.status).toBe(201)
    }
    await staff.goto(`${base}/dashboard`)
    const tonight = staff.locator('li', { hasText: 'Toros vs Osos' })
    await expect.poll(() => tonight.count()).toBe(1)
    await expect(tonight.textContent()).resolves.toContain('7:00 PM')
    await expect(staff.locator('li', { hasText: 'Osos vs Toros' }).textContent()).resolves.toContain('12:30 AM')
    await expectAxeClean(staff, 'Dashboard')
    await staff.close()

    // ---- The owner's Site look: the zone is Madrid's, and a new one is saved.
    const owner = await stand.browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await signIn(owner, base, 'madrid-owner', 'fast-break-2025')
    await owner.goto(`${base}/dashboard/site`)
    const zone = owner.getByLabel('Time zone')
    await zone.waitFor()
    await expect(zone.inputValue()).resolves.toBe('Europe/Madrid')
    // The theme's radios keep their own size beside their samples (docs/site-look.md).
    const radioWidths = () =>
      owner
        .locator('.theme-swatch input[type="radio"]')
        .evaluateAll((radios) => radios.map((r) => r.getBoundingClientRect().width))
    for (const width of await radioWidths()) expect(width).toBeLessThan(40)
    await owner.screenshot({ path: `${SHOTS}/site-look-1280.png`, fullPage: true })
    await expectAxeClean(owner, 'Site look at 1280 px')
    await owner.setViewportSize({ width: 375, height: 740 })
    expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    for (const width of await radioWidths()) expect(width).toBeLessThan(40)
    await owner.screenshot({ path: `${SHOTS}/site-look-375.png`, fullPage: true })
    await expectAxeClean(owner, 'Site look at 375 px')
    // Keyboard: the select takes a new zone and the form saves it.
    await zone.focus()
    await zone.selectOption('Atlantic/Canary')
    await owner.getByRole('button', { name: 'Save', exact: true }).click()
    await owner.getByText('Your site is updated.').waitFor()
    const saved = await apiFromPage<{ organization: { timeZone: string } }>(
      owner,
      'GET',
      `/api/organizations/current?slug=${SLUG}`,
    )
    expect(saved.body.organization.timeZone).toBe('Atlantic/Canary')

    // ---- An edit conflict says when the other save happened on the league's clock, not on the
    // clock of the browser that reads it (here one in Tokyo).
    const tokyo = await stand.browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' })
    const away = await tokyo.newPage()
    await signIn(away, base, 'madrid-staff', 'fast-break-2025')
    await away.goto(`${base}/dashboard/seasons`)
    await away.getByRole('button', { name: 'Edit Primavera 2026', exact: true }).click()
    const current = await apiFromPage<{ season: { version: number } }>(owner, 'GET', `/api/seasonsv2/${season.id}`)
    const renamed = await apiFromPage(owner, 'PUT', `/api/seasonsv2/${season.id}`, {
      name: 'Primavera 2026 (owner)',
      version: current.body.season.version,
    })
    expect(renamed.status).toBe(200)
    await away.getByLabel('Name', { exact: true }).fill('Primavera 2026 (staff)')
    const refusal = away.waitForResponse((r) => r.request().method() === 'PUT' && r.status() === 409)
    await away.getByRole('button', { name: 'Save Changes' }).click()
    const changedAt = ((await (await refusal).json()) as { changedBy: { at: string } }).changedBy.at
    const conflict = away.getByRole('dialog', { name: 'Someone else saved this first' })
    await conflict.waitFor()
    await expect(conflict.textContent()).resolves.toContain(
      `Changed by madrid-owner at ${formatInTimeZone(changedAt, 'Atlantic/Canary', 'MMM d, yyyy h:mm:ss a')}.`,
    )
    await tokyo.close()
    await owner.close()
  }, 240_000)
})
