// Browser journey: two people edit the same box score at once (docs/api-concurrency.md). The owner
// saves a player's points; staff, still on their older copy, change the same player and another
// one: the other player's line saves, the clashing one is refused and the dialog says who changed
// it, letting staff keep their own value or take the saved one.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from '../helpers/browser'
import { startServer, type TestServer } from '../helpers/server'

interface Roster {
  id: number
  firstName: string
  lastName: string
}

async function publicJson<T>(server: TestServer, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${path}${path.includes('?') ? '&' : '?'}slug=ocbl`)
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`)
  return (await response.json()) as T
}

async function signIn(browser: Browser, server: TestServer, username: string, password: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${server.baseUrl}/ocbl/login`)
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'LOGIN' }).click()
  await page.waitForURL('**/dashboard/**')
  return page
}

describe('two people editing one box score', () => {
  let server: TestServer
  let browser: Browser

  beforeAll(async () => {
    server = await startServer()
    browser = await launchChromium()
  }, 180_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
  })

  it('saves different players side by side and asks before overwriting the same one', async () => {
    const listed = await publicJson<{ games: { id: number; status: string; score_team1: number }[] }>(server, '/api/gamesv2')
    let gameId = 0
    let roster: Roster[] = []
    for (const g of listed.games.filter((x) => x.status === 'scheduled' && x.score_team1 === 0)) {
      const detail = await publicJson<{ homeRoster: Roster[] }>(server, `/api/gamesv2/${g.id}`)
      if (detail.homeRoster.length >= 2) {
        gameId = g.id
        roster = detail.homeRoster
        break
      }
    }
    expect(gameId).toBeGreaterThan(0)
    const [first, second] = roster.map((p) => `${p.firstName} ${p.lastName}`)

    const owner = await signIn(browser, server, 'owner', 'owner-local')
    const staff = await signIn(browser, server, 'staff', 'staff-local')
    for (const page of [owner, staff]) {
      await page.goto(`${server.baseUrl}/games/${gameId}`)
      await page.getByRole('button', { name: 'Edit Stats' }).click()
    }
    const cell = (page: Page, name: string, stat: string) => page.getByLabel(`${name} ${stat}`, { exact: true })
    const pts = (page: Page, name: string) =>
      page
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name, exact: true }) })
        .locator('td[data-stat="PTS"]')
        .first()
        .textContent()

    // The owner saves the first player's 33 points.
    await cell(owner, first, 'PTS').fill('33')
    await owner.getByRole('button', { name: 'Save Stats' }).click()
    await owner.getByText('Stats updated successfully!').waitFor()

    // Staff, from the copy opened before, enter 10 for the first player and 12 for the second.
    await cell(staff, first, 'PTS').fill('10')
    await cell(staff, second, 'PTS').fill('12')
    await staff.getByRole('button', { name: 'Save Stats' }).click()
    const dialog = staff.getByRole('dialog', { name: 'Someone else saved this first' })
    await dialog.waitFor()
    await expect(dialog.textContent()).resolves.toContain('owner')
    await expect(dialog.getByRole('row', { name: new RegExp(first) }).textContent()).resolves.toContain('PTS 33')

    // Taking the saved value for the clashing line saves the second player's line alone.
    await dialog.getByRole('button', { name: 'Use all saved values' }).click()
    await dialog.waitFor({ state: 'detached' })
    await staff.getByRole('button', { name: 'Edit Stats' }).waitFor()
    await expect(pts(staff, first)).resolves.toBe('33')
    await expect(pts(staff, second)).resolves.toBe('12')

    // The owner now edits the second player from a stale copy and keeps their own value on purpose.
    await owner.getByRole('button', { name: 'Edit Stats' }).click()
    await cell(owner, second, 'PTS').fill('20')
    // Meanwhile staff change it again.
    await staff.getByRole('button', { name: 'Edit Stats' }).click()
    await cell(staff, second, 'PTS').fill('14')
    await staff.getByRole('button', { name: 'Save Stats' }).click()
    await staff.getByRole('button', { name: 'Edit Stats' }).waitFor()
    await expect(pts(staff, second)).resolves.toBe('14')
    await owner.getByRole('button', { name: 'Save Stats' }).click()
    const ownerDialog = owner.getByRole('dialog', { name: 'Someone else saved this first' })
    await ownerDialog.waitFor()
    await ownerDialog
      .getByRole('row', { name: new RegExp(second) })
      .getByRole('radio')
      .last()
      .check()
    await ownerDialog.getByRole('button', { name: 'Save my choices' }).click()
    await ownerDialog.waitFor({ state: 'detached' })
    await owner.getByRole('button', { name: 'Edit Stats' }).waitFor()
    await expect(pts(owner, second)).resolves.toBe('20')
    await expect(pts(owner, first)).resolves.toBe('33')
  })

  it("shows the lines someone else saved meanwhile, keeping this person's own, before they save again", async () => {
    const listed = await publicJson<{ games: { id: number; status: string; score_team1: number }[] }>(server, '/api/gamesv2')
    let gameId = 0
    let roster: Roster[] = []
    // The last unplayed game without a box score: not the one the journey above edits.
    for (const g of listed.games.filter((x) => x.status === 'scheduled' && x.score_team1 === 0).reverse()) {
      const detail = await publicJson<{ homeRoster: Roster[]; playerStats: unknown[] }>(server, `/api/gamesv2/${g.id}`)
      if (detail.homeRoster.length >= 2 && detail.playerStats.length === 0) {
        gameId = g.id
        roster = detail.homeRoster
        break
      }
    }
    expect(gameId).toBeGreaterThan(0)
    const [first, second] = roster.map((p) => `${p.firstName} ${p.lastName}`)
    const owner = await signIn(browser, server, 'owner', 'owner-local')
    const staff = await signIn(browser, server, 'staff', 'staff-local')
    for (const page of [owner, staff]) {
      await page.goto(`${server.baseUrl}/games/${gameId}`)
      await page.getByRole('button', { name: 'Edit Stats' }).click()
    }
    const cell = (page: Page, name: string, stat: string) => page.getByLabel(`${name} ${stat}`, { exact: true })

    // The owner saves the first player's 21 points.
    await cell(owner, first, 'PTS').fill('21')
    await owner.getByRole('button', { name: 'Save Stats' }).click()
    await owner.getByText('Stats updated successfully!').waitFor()

    // Staff, from the copy opened before, enter the second player only: the save is refused with who
    // and which line, the editor shows the owner's line and keeps staff's own.
    await cell(staff, second, 'PTS').fill('9')
    await staff.getByRole('button', { name: 'Save Stats' }).click()
    const notice = staff.getByText(/after you opened it/)
    await notice.waitFor()
    await expect(notice.textContent()).resolves.toMatch(new RegExp(`owner.*${first}.*Your changes are kept`))
    await expect(cell(staff, first, 'PTS').inputValue()).resolves.toBe('21')
    await expect(cell(staff, second, 'PTS').inputValue()).resolves.toBe('9')

    // Saved again, both lines stand.
    await staff.getByRole('button', { name: 'Save Stats' }).click()
    await staff.getByText('Stats updated successfully!').waitFor()
    const after = await publicJson<{
      playerStats: { player_id: number; value: number; stat_id: number }[]
      allStats: { id: number; abbreviation: string }[]
    }>(server, `/api/gamesv2/${gameId}`)
    const ptsId = after.allStats.find((s) => s.abbreviation === 'PTS')?.id
    const points = (id: number | undefined) => after.playerStats.find((r) => r.player_id === id && r.stat_id === ptsId)?.value
    expect([points(roster[0]?.id), points(roster[1]?.id)]).toEqual([21, 9])
    await owner.close()
    await staff.close()
  })

  it('asks field by field when a season was renamed by someone else while its form was open', async () => {
    const owner = await signIn(browser, server, 'owner', 'owner-local')
    const staff = await signIn(browser, server, 'staff', 'staff-local')
    for (const page of [owner, staff]) await page.goto(`${server.baseUrl}/dashboard/seasons`)
    const first = owner.getByRole('button', { name: /^Edit / }).first()
    const label = (await first.getAttribute('aria-label')) ?? ''
    const seasonName = label.replace(/^Edit /, '')
    await first.click()
    await staff.getByRole('button', { name: label, exact: true }).click()
    await owner.getByLabel('Name', { exact: true }).fill(`${seasonName} (owner)`)
    await owner.getByRole('button', { name: 'Save Changes' }).click()
    await owner.getByText(`${seasonName} (owner) updated`).waitFor()
    // Staff, from the form opened before, rename it too and keep their own name on purpose.
    await staff.getByLabel('Name', { exact: true }).fill(`${seasonName} (staff)`)
    await staff.getByRole('button', { name: 'Save Changes' }).click()
    const dialog = staff.getByRole('dialog', { name: 'Someone else saved this first' })
    await dialog.waitFor()
    await expect(dialog.textContent()).resolves.toContain('owner')
    const row = dialog.getByRole('row', { name: /Name/ })
    await expect(row.textContent()).resolves.toContain(`${seasonName} (owner)`)
    await row.getByRole('radio').last().check()
    await dialog.getByRole('button', { name: 'Save my choices' }).click()
    await staff.getByText(`${seasonName} (staff) updated`).waitFor()
    await owner.reload()
    await owner.getByRole('link', { name: `${seasonName} (staff)` }).waitFor()
  })
})
