// Registration, waivers, Stripe Checkout and free agents (docs/registration.md). Stripe is the
// in-isolate stand-in (scripts/stripe-standin-core.ts, reached through the client's fetch override);
// its webhooks are signed as Stripe signs them and handed straight to the Worker.
import { env } from 'cloudflare:workers'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { StripeStandIn } from '../../scripts/stripe-standin-core'
import { overrideStripeForTests } from '../../worker/payments/stripe'
import { signPayload } from '../../worker/payments/stripe-signature'
import { releaseExpiredHolds } from '../../worker/routes/registration'
import { workerFetch } from '../helpers/client'
import { buildSeason, createTenant, unique } from '../helpers/factories'
import { giveEmail, lastMailTo, memberClient } from '../helpers/members'

const stripe = new StripeStandIn('sk_test_worker', 'whsec_worker')
stripe.deliver = (request) => workerFetch(request)

beforeAll(() =>
  overrideStripeForTests({
    fetch: stripe.fetch,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_worker',
      STRIPE_WEBHOOK_SECRET: 'whsec_worker',
      STRIPE_API_BASE: 'https://api.stripe.test',
    },
  }),
)
afterAll(() => overrideStripeForTests(null))
beforeEach(() => {
  stripe.deliver = (request) => workerFetch(request)
})

const WAIVER = 'I play at my own risk.'

async function world(
  settings: Record<string, unknown> = {},
  before?: (t: Awaited<ReturnType<typeof createTenant>>) => Promise<void>,
) {
  const t = await createTenant()
  await before?.(t)
  const built = await buildSeason(t.ownerClient, t.org.id, { teamCount: 1, playersPerTeam: 1 })
  const path = `/api/registration/seasons/${built.season.id}/leagues/${built.league.id}`
  const saved = await t.staffClient.put(path, {
    opensAt: '2020-01-01',
    closesAt: '2099-12-31',
    teamFee: 45000,
    playerFee: 6000,
    teamCapacity: 2,
    payAtGym: false,
    freeAgents: true,
    questions: [{ id: 'shirt', label: 'Shirt size', type: 'choice', required: true, choices: ['S', 'M', 'L'] }],
    eligibility: null,
    waiverText: WAIVER,
    ...settings,
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  const form = saved.body.settings
  /** A new player of the organization with an e-mail, signed in as a member. */
  const member = async (name = 'm') => {
    const email = `${unique(name)}@example.com`
    const row = await env.DB.prepare(
      "INSERT INTO players (organization_id, first_name, last_name) VALUES (?, 'Pat', ?) RETURNING id",
    )
      .bind(t.org.id, unique('Lee'))
      .first<{ id: number }>()
    await giveEmail(row?.id as number, email)
    return { email, playerId: row?.id as number, client: await memberClient(t.org.slug, email) }
  }
  const team = (name: string, extra: Record<string, unknown> = {}) => ({
    formId: form.id,
    kind: 'team',
    teamName: name,
    colours: 'Red and white',
    answers: { shirt: 'M' },
    waiver: { name: 'Pat Lee', agreed: true, version: form.waiverVersion },
    ...extra,
  })
  const entries = async (query = '') => (await t.staffClient.get(`${path}/entries${query}`)).body.registrations
  return { ...t, built, path, form, member, team, entries }
}

const row = (id: number) => env.DB.prepare('SELECT * FROM registrations WHERE id = ?').bind(id).first<Record<string, unknown>>()
const sessionOf = (url: string) => url.split('/').pop() as string

describe('registration set-up (staff)', () => {
  it('saves the settings, raises the waiver version only when its text changes, and refuses bad input and stale edits', async () => {
    const w = await world()
    expect(w.form).toMatchObject({ teamFee: 45000, teamCapacity: 2, waiverVersion: 1 })
    const same = await w.staffClient.put(w.path, { ...w.form, version: w.form.version })
    expect(same.body.settings.waiverVersion).toBe(1)
    const changed = await w.staffClient.put(w.path, {
      ...w.form,
      waiverText: `${WAIVER} Again.`,
      version: same.body.settings.version,
    })
    expect(changed.body.settings.waiverVersion).toBe(2)
    const stale = await w.staffClient.put(w.path, { ...w.form, version: w.form.version })
    expect(stale.status).toBe(409)
    const bad = await w.staffClient.put(w.path, { ...w.form, teamFee: 12.5, eligibility: { all: [] } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['teamFee', 'eligibility.all']))
    const backwards = await w.staffClient.put(w.path, { ...w.form, closesAt: '2019-01-01' })
    expect(Object.keys(backwards.body.fields)).toEqual(['closesAt'])
    expect((await w.staffClient.get(w.path)).body.settings).toMatchObject({ waiverVersion: 2, teamFee: 45000 })
  })
})

describe('sign-up and payment', () => {
  it('holds a place, pays on the stand-in and is confirmed only by the signed webhook; a replay changes nothing', async () => {
    const w = await world()
    const captain = await w.member('cap')
    const made = await captain.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Rockets'))
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.registration).toMatchObject({ status: 'held', amount: 45000, currency: 'USD' })
    expect(made.body.checkoutUrl).toMatch(/\/checkout\/cs_test_/)
    const signature = await env.DB.prepare('SELECT * FROM waiver_signatures WHERE registration_id = ?')
      .bind(made.body.registration.id)
      .first<Record<string, unknown>>()
    expect(signature).toMatchObject({ waiver_version: 1, typed_name: 'Pat Lee' })
    expect(signature?.signed_at).toBeTruthy()
    // Reading the session back changes nothing: only the webhook confirms.
    expect((await row(made.body.registration.id))?.status).toBe('held')
    const event = await stripe.pay(sessionOf(made.body.checkoutUrl))
    const paid = await row(made.body.registration.id)
    expect(paid).toMatchObject({
      status: 'paid',
      payment_intent_id: stripe.sessions.get(sessionOf(made.body.checkoutUrl))?.payment_intent,
    })
    const replay = await stripe.deliverEvent(event)
    expect(replay.status).toBe(200)
    expect(await replay.json()).toMatchObject({ duplicate: true, applied: false })
    expect(await row(made.body.registration.id)).toEqual(paid)
  })

  it('refuses forged, tampered and other organizations’ webhooks, changing nothing', async () => {
    const w = await world()
    const other = await world()
    const captain = await w.member('cap')
    const made = (await captain.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Comets'))).body
    const id = sessionOf(made.checkoutUrl)
    const session = structuredClone(stripe.sessions.get(id)!)
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' })
    const before = await row(made.registration.id)
    const post = async (body: unknown, secret = 'whsec_worker', header?: string) => {
      const payload = JSON.stringify(body)
      return workerFetch(
        new Request('http://localhost/api/stripe/webhook', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header ?? (await signPayload(secret, payload)) },
          body: payload,
        }),
      )
    }
    const event = {
      id: unique('evt'),
      object: 'event',
      type: 'checkout.session.completed',
      created: 1,
      data: { object: session },
    }
    expect((await post(event, 'whsec_wrong')).status).toBe(400)
    expect((await post(event, undefined, 'garbage')).status).toBe(400)
    const old = Math.floor(Date.now() / 1000) - 3600
    expect((await post(event, undefined, await signPayload('whsec_worker', JSON.stringify(event), old))).status).toBe(400)
    // Another organization named in the metadata, with this organization's session.
    const crossOrg = {
      ...event,
      data: { object: { ...session, metadata: { ...session.metadata, organization_id: String(other.org.id) } } },
    }
    expect((await post(crossOrg)).status).toBe(400)
    // The right organization, but a session that is not this registration's.
    const wrongSession = { ...event, data: { object: { ...session, id: 'cs_test_someone_else' } } }
    expect((await post(wrongSession)).status).toBe(400)
    // An amount that does not pay the fee.
    expect((await post({ ...event, data: { object: { ...session, amount_total: 100 } } })).status).toBe(400)
    expect(await row(made.registration.id)).toEqual(before)
    const taken = await env.DB.prepare('SELECT count(*) AS n FROM payment_events WHERE id = ?')
      .bind(event.id)
      .first<{ n: number }>()
    expect(taken?.n).toBe(0)
  })

  it('reordered events are harmless: an expiry after the payment leaves it paid', async () => {
    const w = await world()
    const captain = await w.member('cap')
    const made = (await captain.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Jets'))).body
    const id = sessionOf(made.checkoutUrl)
    await stripe.pay(id)
    const expiredLate = await stripe.send('checkout.session.expired', { ...stripe.sessions.get(id)!, status: 'expired' })
    expect(expiredLate.type).toBe('checkout.session.expired')
    expect((await row(made.registration.id))?.status).toBe('paid')
  })

  it('an abandoned checkout releases its place (Stripe’s expiry, and the minute’s work after 30 minutes)', async () => {
    const w = await world({ teamCapacity: 1 })
    const first = await w.member('a')
    const made = (await first.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Owls'))).body
    await stripe.expire(sessionOf(made.checkoutUrl))
    expect((await row(made.registration.id))?.status).toBe('released')
    const second = await w.member('b')
    const again = (await second.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Hawks'))).body
    expect(again.registration.status).toBe('held')
    await releaseExpiredHolds(env.DB, Date.now() + 31 * 60_000)
    expect((await row(again.registration.id))?.status).toBe('released')
  })

  it('two captains at the last place at once: one holds it, the other is waitlisted', async () => {
    const w = await world({ teamCapacity: 1 })
    const [a, b] = await Promise.all([w.member('a'), w.member('b')])
    const [x, y] = await Promise.all([
      a.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Alpha')),
      b.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Beta')),
    ])
    expect([x.status, y.status]).toEqual([201, 201])
    expect([x.body.registration.status, y.body.registration.status].sort()).toEqual(['held', 'waitlisted'])
  })

  it('an ineligible player is refused with the rule’s message; the form’s checks are field errors', async () => {
    const w = await world({
      eligibility: { condition: 'age', min: 18, on: '2026-09-01', message: 'Players must be 18 by 1 September 2026' },
    })
    const young = await w.member('young')
    const refused = await young.client.post(
      `/api/member/registrations?slug=${w.org.slug}`,
      w.team('Kids', { birthDate: '2012-03-03' }),
    )
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Players must be 18 by 1 September 2026')
    const missing = await young.client.post(`/api/member/registrations?slug=${w.org.slug}`, {
      ...w.team('Kids'),
      answers: {},
      waiver: { name: '', agreed: false, version: 1 },
    })
    expect(missing.status).toBe(400)
    expect(Object.keys(missing.body.fields)).toEqual(
      expect.arrayContaining(['answers.shirt', 'birthDate', 'waiver.agreed', 'waiver.name']),
    )
    const stale = await young.client.post(
      `/api/member/registrations?slug=${w.org.slug}`,
      w.team('Kids', { birthDate: '1990-01-01', waiver: { name: 'P', agreed: true, version: 0 } }),
    )
    expect(stale.status).toBe(409)
    const none = await env.DB.prepare(
      'SELECT count(*) AS n FROM registrations WHERE member_id IN (SELECT id FROM members WHERE email = ?)',
    )
      .bind(young.email)
      .first<{ n: number }>()
    expect(none?.n).toBe(0)
  })
})

describe('staff: refunds, waitlist, teams, free agents, reconciliation', () => {
  it('refunds through the provider, lets the waitlisted team in (e-mailed), makes a team in one step and reconciles to the cent', async () => {
    const w = await world({ teamCapacity: 1 })
    const first = await w.member('first')
    const made = (await first.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('First'))).body
    await stripe.pay(sessionOf(made.checkoutUrl))
    const waiting = await w.member('wait')
    const queued = (await waiting.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Waiting'))).body
    expect(queued.registration).toMatchObject({ status: 'waitlisted', waitlistPosition: 1 })
    expect(queued.checkoutUrl).toBeNull()

    // One step: team, league place, the captain on the roster as captain.
    const teamMade = await w.staffClient.post(`/api/registration/entries/${made.registration.id}/team`)
    expect(teamMade.status, JSON.stringify(teamMade.body)).toBe(201)
    const roster = await env.DB.prepare('SELECT player_id, captain FROM rosters WHERE seasons_league_team_id = ?')
      .bind(teamMade.body.seasonsLeagueTeamId)
      .all()
    expect(roster.results).toEqual([{ player_id: first.playerId, captain: 1 }])
    expect((await w.staffClient.post(`/api/registration/entries/${made.registration.id}/team`)).status).toBe(409)

    const full = await w.staffClient.post(`${w.path}/let-in`)
    expect(full.status).toBe(409)
    const report1 = (await w.staffClient.get(`${w.path}/report`)).body
    expect(report1).toMatchObject({
      matches: true,
      product: { collected: 45000, net: 45000 },
      provider: { collected: 45000, net: 45000 },
    })

    const refunded = await w.staffClient.post(`/api/registration/entries/${made.registration.id}/refund`, {})
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(refunded.body.registration).toMatchObject({ status: 'refunded', refundedAmount: 45000 })
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 45000 })

    const letIn = await w.staffClient.post(`${w.path}/let-in`)
    expect(letIn.status, JSON.stringify(letIn.body)).toBe(200)
    expect(letIn.body.registration).toMatchObject({ id: queued.registration.id, status: 'held' })
    const mail = await lastMailTo(waiting.email)
    expect(mail?.subject).toContain(w.built.league.name)
    const pay = await waiting.client.post(`/api/member/registrations/${queued.registration.id}/checkout?slug=${w.org.slug}`)
    expect(pay.status, JSON.stringify(pay.body)).toBe(200)
    // Opening (and leaving) Checkout keeps the 48-hour hold of a team let in (docs/registration.md "Staff").
    const letInHold = Number((await row(queued.registration.id))?.held_until)
    expect(letInHold).toBeGreaterThan(Date.now() + 47 * 3_600_000)
    await stripe.expire(sessionOf(pay.body.checkoutUrl))
    expect(await row(queued.registration.id)).toMatchObject({ status: 'held', held_until: letInHold })
    const again = await waiting.client.post(`/api/member/registrations/${queued.registration.id}/checkout?slug=${w.org.slug}`)
    expect(Number((await row(queued.registration.id))?.held_until)).toBe(letInHold)
    await stripe.pay(sessionOf(again.body.checkoutUrl))
    expect((await row(queued.registration.id))?.status).toBe('paid')

    const report2 = (await w.staffClient.get(`${w.path}/report`)).body
    expect(report2).toMatchObject({
      matches: true,
      product: { collected: 90000, refunded: 45000, net: 45000, payments: 2 },
      provider: { collected: 90000, refunded: 45000, net: 45000, payments: 2 },
    })
    // A refund made on the provider's dashboard, outside the product, shows as a difference to the cent.
    const charge = [...stripe.charges.values()].find(
      (ch) => ch.payment_intent === stripe.sessions.get(sessionOf(again.body.checkoutUrl))?.payment_intent,
    )!
    charge.amount_refunded = 1
    const report3 = (await w.staffClient.get(`${w.path}/report`)).body
    expect(report3.matches).toBe(false)
    expect(report3.differences).toEqual([
      { paymentIntent: charge.payment_intent, registrationId: queued.registration.id, product: 45000, provider: 44999 },
    ])

    const csv = await w.staffClient.get(`${w.path}/entries.csv`)
    expect(csv.headers.get('Content-Type')).toContain('text/csv')
    expect(String(csv.body)).toContain('Waiting')
    expect(String(csv.body)).toContain('450.00')
    expect((await w.entries('?status=refunded')).map((r: { id: number }) => r.id)).toEqual([made.registration.id])
  })

  it('a free agent joins the pool and a captain places them on the team in one call; the player is e-mailed', async () => {
    const w = await world({ playerFee: 0 })
    const agent = await w.member('agent')
    const joined = await agent.client.post(`/api/member/registrations?slug=${w.org.slug}`, {
      formId: w.form.id,
      kind: 'free_agent',
      answers: { shirt: 'L' },
      availability: 'Weeknights',
      waiver: { name: 'Pat Lee', agreed: true, version: w.form.waiverVersion },
    })
    expect(joined.status, JSON.stringify(joined.body)).toBe(201)
    expect(joined.body.registration).toMatchObject({ status: 'free' })
    expect(joined.body.checkoutUrl).toBeNull()
    // The season's existing team and its captain.
    const team = w.built.teams[0]!
    const capPlayer = team.players[0]!
    await w.ownerClient.put(
      `/api/seasonsv2/${w.built.season.id}/leagues/${w.built.league.id}/teams/${team.id}/players/${capPlayer.id}/captain`,
      { captain: true },
    )
    const capEmail = `${unique('cap')}@example.com`
    await giveEmail(capPlayer.id, capEmail)
    const captain = await memberClient(w.org.slug, capEmail)
    const slt = await env.DB.prepare('SELECT id FROM seasons_leagues_teams WHERE team_id = ?')
      .bind(team.id)
      .first<{ id: number }>()
    // Staff see the same pool with the league's teams to place on (the admin screen's choice).
    const staffPool = await w.staffClient.get(`${w.path}/free-agents`)
    expect(staffPool.body.teams).toContainEqual({ seasonsLeagueTeamId: slt?.id, name: team.name })
    expect(staffPool.body.freeAgents.map((f: { id: number }) => f.id)).toEqual([joined.body.registration.id])
    const pool = await captain.get(`/api/member/teams/${slt?.id}/free-agents?slug=${w.org.slug}`)
    expect(pool.body.freeAgents.map((f: { id: number; availability: string }) => [f.id, f.availability])).toEqual([
      [joined.body.registration.id, 'Weeknights'],
    ])
    const placed = await captain.post(
      `/api/member/teams/${slt?.id}/free-agents/${joined.body.registration.id}?slug=${w.org.slug}`,
    )
    expect(placed.status, JSON.stringify(placed.body)).toBe(200)
    expect(placed.body.registration.teamId).toBe(team.id)
    const onRoster = await env.DB.prepare('SELECT 1 AS x FROM rosters WHERE seasons_league_team_id = ? AND player_id = ?')
      .bind(slt?.id, agent.playerId)
      .first()
    expect(onRoster).toBeTruthy()
    expect((await lastMailTo(agent.email))?.subject).toContain(team.name)
    expect((await captain.get(`/api/member/teams/${slt?.id}/free-agents?slug=${w.org.slug}`)).body.freeAgents).toEqual([])
  })
})

describe('suspensions (docs/registration.md "Suspensions")', () => {
  it('staff suspend a player through the API: the registration is refused with the rule’s message, then lifted and accepted', async () => {
    const w = await world({
      teamFee: 0,
      eligibility: { condition: 'notSuspended', message: 'Suspended players cannot register' },
    })
    const player = await w.member('susp')
    const base = `/api/registration/players/${player.playerId}/suspensions`
    const none = await w.staffClient.get(base)
    expect(none.status, JSON.stringify(none.body)).toBe(200)
    expect(none.body).toEqual({ current: null, suspensions: [] })

    const made = await w.staffClient.post(base, { until: null, reason: 'Fighting on court' })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.suspension).toMatchObject({ until: null, reason: 'Fighting on court', liftedAt: null, active: true })
    const listed = (await w.staffClient.get('/api/registration/suspensions')).body.suspensions
    expect(listed.map((s: { playerId: number }) => s.playerId)).toEqual([player.playerId])

    const refused = await player.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Banned'))
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Suspended players cannot register')

    const lifted = await w.staffClient.post(`/api/registration/suspensions/${made.body.suspension.id}/lift`)
    expect(lifted.status, JSON.stringify(lifted.body)).toBe(200)
    expect(lifted.body.suspension).toMatchObject({ active: false, until: null })
    expect(lifted.body.suspension.liftedAt).toBeTruthy()
    // Lifting keeps the history; a second lift is a conflict.
    const history = (await w.staffClient.get(base)).body
    expect(history.current).toBeNull()
    expect(history.suspensions).toHaveLength(1)
    expect((await w.staffClient.post(`/api/registration/suspensions/${made.body.suspension.id}/lift`)).status).toBe(409)
    expect((await w.staffClient.get('/api/registration/suspensions')).body.suspensions).toEqual([])
    const audit = await env.DB.prepare(
      "SELECT action FROM audit_log WHERE table_name = 'player_suspensions' AND row_id = ? ORDER BY id",
    )
      .bind(String(made.body.suspension.id))
      .all<{ action: string }>()
    expect(audit.results.map((r) => r.action)).toEqual(['insert', 'update'])

    const accepted = await player.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Back'))
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201)
  })

  it('a dated suspension runs through its last day; bad input is a 400 with field errors; another organization’s player is a 404', async () => {
    const w = await world()
    const player = await w.member('dated')
    const base = `/api/registration/players/${player.playerId}/suspensions`
    const count = async () =>
      (
        await env.DB.prepare('SELECT count(*) AS n FROM player_suspensions WHERE player_id = ?')
          .bind(player.playerId)
          .first<{ n: number }>()
      )?.n
    const bad = await w.staffClient.post(base, { until: '2027-02-30', reason: '' })
    expect(bad.status).toBe(400)
    expect(bad.body.fields).toMatchObject({ until: 'Not a real date', reason: 'A reason is required' })
    const long = await w.staffClient.post(base, { reason: 'x'.repeat(501) })
    expect(long.body.fields).toMatchObject({ reason: 'A reason must be at most 500 characters' })
    const past = await w.staffClient.post(base, { until: '2020-01-01', reason: 'Late' })
    expect(past.status).toBe(400)
    expect(past.body.fields).toEqual({ until: 'The last day must be today or later' })
    expect(await count()).toBe(0)

    const made = await w.staffClient.post(base, { until: '2099-01-12', reason: 'Two technicals' })
    expect(made.body.suspension).toMatchObject({ until: '2099-01-12', active: true })
    expect((await w.staffClient.get(base)).body.current).toMatchObject({ id: made.body.suspension.id })

    const other = await createTenant()
    expect((await other.staffClient.get(base)).status).toBe(404)
    expect((await other.staffClient.post(base, { reason: 'Not yours' })).status).toBe(404)
    expect((await other.staffClient.post(`/api/registration/suspensions/${made.body.suspension.id}/lift`)).status).toBe(404)
    expect((await player.client.get(base)).status).toBe(401)
    expect(await count()).toBe(1)
    // An ended suspension (its last day past) cannot be lifted: it is history already.
    await env.DB.prepare("UPDATE player_suspensions SET until = '2020-01-01' WHERE id = ?").bind(made.body.suspension.id).run()
    const ended = await w.staffClient.post(`/api/registration/suspensions/${made.body.suspension.id}/lift`)
    expect(ended.status).toBe(409)
    expect(ended.body.message).toBe('This suspension has already ended')
  })
})

describe('an organization’s currency (docs/registration.md "Money")', () => {
  const orgRow = (id: number) =>
    env.DB.prepare('SELECT currency, version FROM organizations WHERE id = ?')
      .bind(id)
      .first<{ currency: string; version: number }>()

  it('the owner changes it to an ISO 4217 code; an unknown code is a 400; staff cannot', async () => {
    const t = await createTenant()
    const start = (await t.ownerClient.get(`/api/organizations/${t.org.id}`)).body.organization
    expect(start.currency).toBe('USD')
    const bad = await t.ownerClient.put(`/api/organizations/${t.org.id}`, { currency: 'XYZ', version: start.version })
    expect(bad.status).toBe(400)
    expect(bad.body.fields.currency).toBe('Not a currency: choose one from the list (an ISO 4217 code such as EUR)')
    expect((await orgRow(t.org.id))?.currency).toBe('USD')
    expect((await t.staffClient.put(`/api/organizations/${t.org.id}`, { currency: 'EUR' })).status).toBe(403)
    const changed = await t.ownerClient.put(`/api/organizations/${t.org.id}`, { currency: 'jpy', version: start.version })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.organization.currency).toBe('JPY')
    expect((await orgRow(t.org.id))?.currency).toBe('JPY')
  })

  it('refuses a change (409) while a fee or a payment of the organization is recorded, changing nothing', async () => {
    const w = await world()
    const before = await orgRow(w.org.id)
    const refused = await w.ownerClient.put(`/api/organizations/${w.org.id}`, { currency: 'EUR', version: before?.version })
    expect(refused.status).toBe(409)
    expect(refused.body.message).toBe(
      'The currency cannot change while registration fees or payments are recorded in USD: remove the fees first',
    )
    expect(refused.body.fields.currency).toBeTruthy()
    expect(await orgRow(w.org.id)).toEqual(before)
    // Sending the same currency with the other settings is no change.
    const same = await w.ownerClient.put(`/api/organizations/${w.org.id}`, { currency: 'USD', version: before?.version })
    expect(same.status, JSON.stringify(same.body)).toBe(200)
  })

  it('a JPY league (no minor digits): fees, checkout, CSV and reconciliation in whole yen', async () => {
    const w = await world({ teamFee: 4500, playerFee: 1000 }, async (t) => {
      const org = (await t.ownerClient.get(`/api/organizations/${t.org.id}`)).body.organization
      const res = await t.ownerClient.put(`/api/organizations/${t.org.id}`, { currency: 'JPY', version: org.version })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
    })
    expect((await w.staffClient.get(w.path)).body.currency).toBe('JPY')
    const captain = await w.member('yen')
    const made = (await captain.client.post(`/api/member/registrations?slug=${w.org.slug}`, w.team('Yen'))).body
    expect(made.registration).toMatchObject({ amount: 4500, currency: 'JPY' })
    await stripe.pay(sessionOf(made.checkoutUrl))
    const partial = await w.staffClient.post(`/api/registration/entries/${made.registration.id}/refund`, { amount: 1500 })
    expect(partial.body.registration).toMatchObject({ status: 'paid', refundedAmount: 1500 })
    const report = (await w.staffClient.get(`${w.path}/report`)).body
    expect(report).toMatchObject({ currency: 'JPY', matches: true, product: { collected: 4500, refunded: 1500, net: 3000 } })
    const csv = String((await w.staffClient.get(`${w.path}/entries.csv`)).body)
    expect(csv).toContain('4500')
    expect(csv).not.toContain('45.00')
  })
})
