// The registration journey at 375 px (docs/registration.md): staff open a league's registration with a
// fee, a waiver and an age rule; a newcomer captain fills the form, signs in from the e-mailed link and
// comes back to it, signs, pays on the local Stripe stand-in and the signed webhook confirms it; staff
// create the team in one click; a free agent joins and the captain places them in one click; a second
// team fills the places, a third is waitlisted; the first is refunded, the waitlisted team is let in and
// told by e-mail; an ineligible player is refused with the rule's message. Axe clean; screenshots at 375
// and 1280 px in test-artifacts/registration/. Needs the SPA built into web/dist and Chromium.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { persistArgs, runWrangler } from '../../scripts/start'
import { axeViolations } from '../helpers/axe'
import { apiFromPage, launchChromium, signInOnPage } from '../helpers/browser'
import { linkIn, readMail, waitForMail } from '../helpers/mail'
import { startServer, type TestServer } from '../helpers/server'

const SHOTS = path.resolve('test-artifacts/registration')
const SLUG = 'ocbl'
const RULE = 'Players must be 18 or older on September 1, 2026.'

describe('registration runs itself', () => {
  let server: TestServer
  let browser: Browser
  let stateDir: string

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true })
    stateDir = await mkdtemp(path.join(tmpdir(), 'courtside-registration-'))
    server = await startServer({ stateDir })
    browser = await launchChromium()
  }, 240_000)

  afterAll(async () => {
    await browser?.close()
    await server?.stop()
    await rm(stateDir, { recursive: true, force: true, maxRetries: 3, retryDelay: 200 })
  })

  const phone = () => browser.newPage({ viewport: { width: 375, height: 900 }, bypassCSP: true })
  const shoot = async (page: Page, name: string, wide = false) => {
    expect(await axeViolations(page), `${name} is axe clean`).toEqual([])
    await page.screenshot({ path: path.join(SHOTS, `${name}-375.png`), fullPage: true })
    if (!wide) return
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true })
    await page.setViewportSize({ width: 375, height: 900 })
  }

  /** Signs a member in on the page by asking for a link and opening it from the .eml, as a person would. */
  async function signInByEmail(page: Page, email: string) {
    const before = new Set((await readMail(server.mailDir)).map((m) => m.file))
    await page.getByLabel('E-mail address', { exact: true }).fill(email)
    await page.getByRole('button', { name: 'Send me a sign-in link' }).click()
    const mail = await waitForMail(
      server.mailDir,
      (m) => m.to.includes(email) && /\/member\/sign-in#/.test(m.text) && !before.has(m.file),
    )
    await page.goto(linkIn(mail, '/member/sign-in#'))
  }

  async function fillTeam(page: Page, team: string, birth = '1990-05-01') {
    await page.getByLabel('A team (I am its captain)').check()
    await page.getByLabel('Team name').fill(team)
    await page.getByLabel('Team colours (optional)').fill('Blue and gold')
    await page.getByLabel('Date of birth').fill(birth)
    await page.getByLabel('Type your full name to sign').fill(`${team} Captain`)
    await page.getByLabel('I have read and agree to the waiver').check()
  }

  it('staff open it; captains register and pay; staff make the team; a free agent is placed; the waitlist moves; a rule refuses', async () => {
    const staff = await phone()
    await signInOnPage(staff, server.baseUrl, SLUG, 'staff')
    const api = <T = any>(method: string, url: string, body?: unknown) => apiFromPage<T>(staff, method, url, body)
    const season = (await api<{ seasons: { id: number; active: boolean }[] }>('GET', '/api/seasonsv2')).body.seasons.find(
      (s) => s.active,
    ) as {
      id: number
    }
    const league = (await api<{ leagues: { id: number; name: string }[] }>('GET', `/api/seasonsv2/${season.id}/leagues`)).body
      .leagues[0] as { id: number; name: string }
    // Five players of the organization get e-mails: three captains, a free agent and a too-young player.
    const people = ['a', 'b', 'c', 'free', 'young'].map((p) => `${p}.reg@members.example`)
    await runWrangler(
      [
        'd1',
        'execute',
        'DB',
        '--local',
        '--command',
        `UPDATE players SET email = CASE id ${people.map((e, i) => `WHEN (SELECT id FROM players WHERE organization_id = (SELECT id FROM organizations WHERE slug = '${SLUG}') AND email IS NULL ORDER BY id LIMIT 1 OFFSET ${i}) THEN '${e}'`).join(' ')} ELSE email END`,
        ...persistArgs(stateDir),
      ],
      'Giving five players an e-mail',
    )
    const [capA, capB, capC, freeAgent, young] = people as [string, string, string, string, string]

    // Staff open the league's registration from its page and set it up.
    await staff.goto(`${server.baseUrl}/dashboard/seasons/${season.id}/leagues/${league.id}`)
    await staff.getByRole('link', { name: 'Registration', exact: true }).click()
    await staff.getByLabel('Opens on').fill('2026-01-01')
    await staff.getByLabel('Closes on').fill('2099-12-31')
    await staff.getByLabel(/^Team fee/).fill('450.00')
    await staff.getByLabel(/^Free agent fee/).fill('0')
    await staff.getByLabel(/^Team places/).fill('2')
    await staff.getByLabel('Waiver text').fill('I play at my own risk and release the league from liability.')
    await staff.getByRole('button', { name: 'Add a condition' }).click()
    await staff.getByLabel('At least (years)').fill('18')
    await staff.getByLabel('Age on').fill('2026-09-01')
    await staff.getByLabel('Message shown when it refuses someone').fill(RULE)
    await staff.getByRole('button', { name: 'Save registration' }).click()
    await staff
      .getByText('Registration saved.')
      .waitFor({ timeout: 10_000 })
      .catch(async (error) => {
        throw new Error(`${error}\n${await staff.locator('main').innerText()}`)
      })
    await shoot(staff, 'staff-setup', true)

    // A newcomer captain finds the form from the registration page, fills it, signs in and comes back to it.
    const a = await phone()
    await a.goto(`${server.baseUrl}/${SLUG}/registration`)
    await a.getByRole('link', { name: 'Sign up online' }).click()
    await a.getByRole('link', { name: new RegExp(league.name) }).click()
    await fillTeam(a, 'Alpha Dogs')
    await shoot(a, 'sign-up-form', true)
    await a.getByRole('button', { name: /Register and pay/ }).click()
    await a.waitForURL('**/member/sign-in')
    await signInByEmail(a, capA)
    await a.getByLabel('Team name').waitFor()
    expect(await a.getByLabel('Team name').inputValue()).toBe('Alpha Dogs')
    await a.getByRole('button', { name: /Register and pay/ }).click()
    // The stand-in's hosted checkout; Pay sends the signed webhook and returns to the member's page.
    await a.getByRole('button', { name: 'Pay' }).click()
    await a.getByText('Paid — your registration is confirmed.').waitFor({ timeout: 20_000 })
    await shoot(a, 'paid', true)

    // Staff make the team in one click.
    await staff.reload()
    await staff.getByRole('button', { name: 'Create team Alpha Dogs' }).click()
    await staff.getByText('Alpha Dogs is now a team of the league').waitFor()

    // A free agent joins (no fee), and the captain places them from the team page in one click.
    const free = await phone()
    await free.goto(`${server.baseUrl}/${SLUG}/member/sign-in`)
    await signInByEmail(free, freeAgent)
    await free.waitForURL(`**/${SLUG}/member`)
    await free.getByRole('link', { name: 'Sign up online' }).click()
    await free.getByRole('link', { name: new RegExp(league.name) }).click()
    await free.getByLabel('Free agent', { exact: true }).check()
    await free.getByLabel('When can you play? (optional)').fill('Weeknights')
    await free.getByLabel('Date of birth').fill('1995-02-02')
    await free.getByLabel('Type your full name to sign').fill('Free Agent')
    await free.getByLabel('I have read and agree to the waiver').check()
    await free.getByRole('button', { name: 'Register', exact: true }).click()
    await free.getByText('Confirmed').first().waitFor()

    const me = await apiFromPage<{ member: { teams: { seasonsLeagueTeamId: number; teamName: string }[] } }>(
      a,
      'GET',
      `/api/member/me?slug=${SLUG}`,
    )
    const slt = me.body.member.teams.find((t) => t.teamName === 'Alpha Dogs')?.seasonsLeagueTeamId
    await a.goto(`${server.baseUrl}/${SLUG}/member/team/${slt}`)
    await a.getByRole('button', { name: /^Add .* to my team$/ }).click()
    await a.getByText('Added to your team').waitFor()
    await shoot(a, 'captain-placed')
    await waitForMail(server.mailDir, (m) => m.to.includes(freeAgent) && m.subject.includes('Alpha Dogs'))

    // A second team fills the places; a third goes to the waitlist.
    for (const [email, team] of [
      [capB, 'Bravo Birds'],
      [capC, 'Charlie Cats'],
    ] as const) {
      const page = await phone()
      await page.goto(`${server.baseUrl}/${SLUG}/member/sign-in`)
      await signInByEmail(page, email)
      await page.waitForURL(`**/${SLUG}/member`)
      await page.goto(`${server.baseUrl}/${SLUG}/register`)
      await page.getByRole('link', { name: new RegExp(league.name) }).click()
      await fillTeam(page, team)
      await page.getByRole('button', { name: /Register|Join the waitlist/ }).click()
      if (team === 'Bravo Birds') {
        await page.getByRole('button', { name: 'Pay' }).click()
        await page.getByText('Paid — your registration is confirmed.').waitFor({ timeout: 20_000 })
      } else {
        // The form said so before sending: the button joins the waitlist.
        await page.getByText('On the waitlist', { exact: true }).waitFor()
        await shoot(page, 'waitlisted')
      }
      await page.close()
    }

    // The first team is refunded (confirmed first); the waitlisted team is let in and told by e-mail.
    await staff.reload()
    // A partial refund first (docs/registration.md "Staff"): the amount typed in dollars, checked, and
    // stated before it is sent; the row then shows what was refunded and what is left.
    await staff.getByRole('button', { name: 'Refund Alpha Dogs' }).click()
    const refundDialog = staff.getByRole('dialog')
    const refundAmount = refundDialog.getByLabel('Amount to refund (USD)')
    expect(await refundAmount.inputValue()).toBe('450.00')
    await refundAmount.fill('500')
    await refundDialog.getByRole('button', { name: 'Refund', exact: true }).click()
    await refundDialog.getByText('At most $450.00 is left to refund').waitFor()
    await refundAmount.fill('150')
    await refundDialog.getByText('Refund $150.00 to Alpha Dogs through the payment provider? $300.00 stays paid').waitFor()
    await shoot(staff, 'staff-partial-refund')
    await refundDialog.getByRole('button', { name: 'Refund $150.00' }).click()
    await staff.getByText('Refunded $150.00; $300.00 left.').waitFor()
    await staff.getByText('$150.00 refunded · $300.00 left').waitFor()
    // Then the rest: the dialog offers what is left.
    await staff.getByRole('button', { name: 'Refund Alpha Dogs' }).click()
    await staff.getByRole('dialog').getByRole('button', { name: 'Refund' }).click()
    await staff.getByText('Refunded.').waitFor()
    await staff.getByRole('button', { name: 'Let the next waitlisted team in' }).click()
    await staff.getByText('The next team is in').waitFor()
    const told = await waitForMail(server.mailDir, (m) => m.to.includes(capC) && m.subject.includes(league.name))
    expect(told.text).toContain('Charlie Cats')
    await staff.getByRole('button', { name: 'Check against the payment provider' }).click()
    await staff.getByText('The totals match the payment provider’s records to the cent.').waitFor()
    await shoot(staff, 'staff-registrations', true)

    // Too young: refused with the rule's own message.
    const kid = await phone()
    await kid.goto(`${server.baseUrl}/${SLUG}/member/sign-in`)
    await signInByEmail(kid, young)
    await kid.waitForURL(`**/${SLUG}/member`)
    await kid.goto(`${server.baseUrl}/${SLUG}/register`)
    await kid.getByRole('link', { name: new RegExp(league.name) }).click()
    await fillTeam(kid, 'Delta Kids', '2015-06-01')
    await kid.getByRole('button', { name: /Register|Join the waitlist/ }).click()
    await kid.getByText(RULE).waitFor()
    await shoot(kid, 'refused')

    // Staff suspend a player from the player page (docs/registration.md "Suspensions"); the players
    // list marks them; lifting asks first and keeps the suspension in the history.
    const listed = (await api<{ players: { id: number; lastName: string }[] }>('GET', '/api/playersv2?season=all')).body
      .players[0] as { id: number; lastName: string }
    await staff.goto(`${server.baseUrl}/dashboard/players/${listed.id}`)
    await staff.getByLabel('Until lifted').check()
    await staff.getByLabel('Reason', { exact: true }).fill('Two technical fouls')
    await staff.getByRole('button', { name: 'Suspend', exact: true }).click()
    await staff.getByText('Suspended until lifted — Two technical fouls').first().waitFor()
    await shoot(staff, 'staff-suspension', true)
    // The same player hides their name on the public site: the list marks that too (docs/members.md "Privacy").
    expect((await api('PUT', `/api/playersv2/${listed.id}`, { hideName: true })).status).toBe(200)
    await staff.goto(`${server.baseUrl}/playerListAuth?season=all&q=${encodeURIComponent(listed.lastName)}`)
    const listedRow = staff.getByRole('row', { name: new RegExp(listed.lastName) }).first()
    await listedRow.getByText('Suspended', { exact: true }).waitFor()
    await listedRow.getByText('Hidden on the public site', { exact: true }).waitFor()
    await staff.goBack()
    await staff.getByRole('button', { name: 'Lift the suspension' }).click()
    await staff.getByRole('dialog').getByRole('button', { name: 'Lift', exact: true }).click()
    await staff.getByText(/is lifted/).waitFor()
    await staff.getByText(/lifted on/).waitFor()
  }, 240_000)
})
