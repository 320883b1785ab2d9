// Browser journey (docs/reference/schedule-builder.md §7, docs/venues.md): the owner of the seeded
// `ocbl` league has two venues; in the schedule builder's courts section they enter a team's blackout
// date and request, generate on the venues' courts and read the unmet request explained; North closes
// one night, the owner proposes a re-plan with a make-up date, reads the difference game by game and
// publishes it; the public schedule then shows the games where and when they now are.
// Needs the SPA built into web/dist and Chromium. Screenshots in test-artifacts/schedule-venues/.
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = path.resolve('test-artifacts/schedule-venues')
const START = '2027-01-04' // a Monday
const CLOSED = '2027-01-18'
const MAKE_UP = '2027-02-15'

const fitsViewport = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

async function openSection(page: Page, title: string) {
  const toggle = page.getByRole('heading', { name: title, exact: true }).getByRole('button')
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
  await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true')
}

describe('schedules for real gyms', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('blackouts and a request, generate on two venues, the unmet request explained, a closed night re-planned and published', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true })
    await page.goto(`${server.baseUrl}/ocbl/login`)
    await page.getByLabel('Username').fill('owner')
    await page.getByLabel('Password').fill('owner-local')
    await page.getByRole('button', { name: 'LOGIN' }).click()
    await page.waitForURL('**/dashboard/seasons')

    const seasons = await apiFromPage<{ seasons: { id: number; active: boolean }[] }>(page, 'GET', '/api/seasonsv2')
    const season = seasons.body.seasons.find((s) => s.active)
    if (!season) throw new Error('the seed has no active season')
    const leagues = await apiFromPage<{ leagues: { id: number; name: string; teamsCount: number }[] }>(
      page,
      'GET',
      `/api/seasonsv2/${season.id}/leagues`,
    )
    const league = leagues.body.leagues.find((l) => l.teamsCount >= 4)
    if (!league) throw new Error('the seed has no league of four teams')
    const teams = (
      await apiFromPage<{ teams: { id: number; name: string }[] }>(page, 'GET', `/api/teams/teamsByLeague?leagueId=${league.id}`)
    ).body.teams
    const [a, b] = teams as [{ id: number; name: string }, { id: number; name: string }]

    // Two venues: North has Monday 18:00–20:00 on one court, South one game at 18:00.
    const north = await apiFromPage<{
      venue: { id: number; name: string; version: number; courts: { id: number; name: string; hours: unknown }[] }
    }>(page, 'POST', '/api/venues', {
      name: 'North Gym',
      courts: [{ name: 'Court 1', hours: [{ day: 'Monday', from: '18:00', to: '20:00' }] }],
    })
    expect(north.status).toBe(201)
    const south = await apiFromPage(page, 'POST', '/api/venues', {
      name: 'South Gym',
      courts: [{ name: 'Court A', hours: [{ day: 'Monday', from: '18:00', to: '19:00' }] }],
    })
    expect(south.status).toBe(201)
    const made = await apiFromPage<{ schedule: { id: number } }>(page, 'POST', '/api/schedules', {
      name: 'Gym Mondays',
      leagueId: league.id,
      season_id: season.id,
      startDate: START,
      numWeeks: 6,
      gameDays: ['Monday'],
      sameSlot: true,
      timeSlots: ['18:00', '19:00'],
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    // Team b's request is entered by its captain or staff beforehand; team a's in the screen below.
    await apiFromPage(page, 'PUT', `/api/teams/${b.id}/constraints`, {
      blackouts: [],
      requests: [{ kind: 'earliestStart', time: '19:00', reason: 'Bus arrives late' }],
    })

    await page.goto(`${server.baseUrl}/scheduleBuilder?season=${season.id}&league=${league.id}`)
    await page.getByRole('heading', { name: 'Schedule Builder', level: 1 }).waitFor()
    await openSection(page, 'Courts, blackouts and re-plans')
    const panel = page.locator('.courts-panel')
    await panel.getByLabel('Team', { exact: true }).selectOption(String(a.id))
    await panel.getByLabel('Blackout date').fill('2027-01-11')
    await panel.getByLabel('Reason').first().fill('Tournament away')
    await panel.getByRole('button', { name: 'Add blackout date' }).click()
    await panel.getByText('Tournament away').waitFor()
    await panel.getByLabel('Request', { exact: true }).selectOption('earliestStart')
    await panel.getByLabel('Time', { exact: true }).fill('19:00')
    await panel.getByLabel('Reason').nth(1).fill('Players work late')
    await panel.getByRole('button', { name: 'Add request' }).click()
    await panel.getByText('Players work late').waitFor()

    await panel.getByLabel('Schedule', { exact: true }).selectOption(String(made.body.schedule.id))
    await panel.getByRole('button', { name: 'Generate on courts' }).click()
    const unmet = page.locator('.courts-unmet li').first()
    await unmet.waitFor()
    await expect(unmet.textContent()).resolves.toMatch(/not met for .* went to /)
    expect(await fitsViewport(page)).toBe(true)
    expect(await axeViolations(page), 'the courts section at 1280').toEqual([])
    await page.screenshot({ path: `${SHOTS}/generated-1280.png`, fullPage: true })

    // North closes on the night of CLOSED (the Venues screen's closure, sent as it sends it).
    const v = north.body.venue
    const closed = await apiFromPage(page, 'PUT', `/api/venues/${v.id}`, {
      name: v.name,
      courts: v.courts.map((k) => ({ id: k.id, name: k.name, hours: k.hours })),
      closures: [{ court: null, date: CLOSED, reason: 'Roof leak' }],
      version: v.version,
    })
    expect(closed.status).toBe(200)

    await page.setViewportSize({ width: 375, height: 800 })
    await panel.getByLabel('Make-up date (optional)').fill(MAKE_UP)
    await panel.getByRole('button', { name: 'Propose re-plan' }).click()
    const diff = page.getByRole('table', { name: 'Games the re-plan moves, from → to' })
    await diff.waitFor()
    await expect(diff.getByRole('row').count()).resolves.toBeGreaterThan(1)
    await expect(diff.textContent()).resolves.toContain('Cancelled by the closure')
    // The courts section's own nodes (the schedule card's fairness table below is not this journey's).
    const ours = (await axeViolations(page))
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !String(n.target).includes('.fairness')) }))
      .filter((v) => v.nodes.length > 0)
    expect(ours, 'the re-plan at 375').toEqual([])
    await page.screenshot({ path: `${SHOTS}/replan-375.png`, fullPage: true })
    await panel.getByRole('button', { name: 'Publish re-plan' }).click()
    await panel.getByText(/Re-plan published: \d+ games? moved/).waitFor()
    await page.screenshot({ path: `${SHOTS}/published-375.png`, fullPage: true })

    // The public schedule: no game at North on the closed night any more; the games say where they are.
    const games = (
      await apiFromPage<{ games: { schedule_id: number | null; date: string; venue: { name: string } | null }[] }>(
        page,
        'GET',
        `/api/gamesv2?seasonId=${season.id}`,
      )
    ).body.games.filter((g) => g.schedule_id === made.body.schedule.id)
    expect(games.filter((g) => g.date === CLOSED && g.venue?.name === 'North Gym')).toEqual([])
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await visitor.goto(`${server.baseUrl}/ocbl/schedule`)
    await visitor.locator('[data-place="North Gym · Court 1"]').first().waitFor()
    await visitor.screenshot({ path: `${SHOTS}/public-schedule-1280.png`, fullPage: true })
    await visitor.close()
  }, 120_000)
})
