// Registration per league and season (docs/registration.md): staff set it up; a signed-in member
// registers a team or joins the free-agent pool, signs the waiver and pays through Stripe Checkout
// (or at the gym where the league allows); only Stripe's signed webhook confirms a payment.
//
// Places are counted by the statement that takes one (capacity checked and changed in one step);
// a payment event is claimed by its id in the batch that applies it, so a replay changes nothing.
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  publicFormJson,
  reconciliationJson,
  registrationJson,
  registrationSettingsInput,
  registrationSettingsJson,
  signUpInput,
  staffRegistrationJson,
} from '../contract/registration'
import type { RegistrationQuestion } from '../db/schema'
import { toCsv } from '../domain/csv'
import { type EligibilityRule, evaluateEligibility, needsBirthDate } from '../domain/eligibility'
import { minorToDecimal } from '../domain/money'
import { toLocal } from '../domain/zone'
import type { AppEnv, SessionMember } from '../env'
import { ApiError, forbidden, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { sendMail } from '../mail/outbox'
import { joinRoster } from '../members/roster-places'
import { siteBase } from '../members/site'
import { mailBody, mailLanguage, mailWords } from '../members/words'
import { requireMember } from '../middleware/member-session'
import { namesTenant, publicOrg, readerOrgId, requireUser, rowScope, writerOrgId } from '../middleware/tenant'
import { chargesOfLeague, createCheckoutSession, createRefund, stripeConfig } from '../payments/stripe'
import { verifySignature } from '../payments/stripe-signature'

/** A place is held this long while its captain pays (then released by the minute's work or Stripe's expiry). */
export const HOLD_MINUTES = 30
/** A waitlisted team let in has this long to pay (docs/decisions/2026-11-29-registration.md). */
export const LET_IN_HOURS = 48
/** Statuses that take a place. */
const PLACE_TAKING = "('held', 'paid', 'gym', 'free')"
const CONFIRMED = ['paid', 'gym', 'free']

const d1 = (c: Context<AppEnv>) => c.var.db.$client

interface SettingsRow {
  id: number
  version: number
  organization_id: number
  seasons_league_id: number
  opens_at: string
  closes_at: string
  team_fee: number | null
  player_fee: number | null
  team_capacity: number | null
  pay_at_gym: number
  free_agents: number
  questions: string
  eligibility: string | null
  waiver_text: string
  waiver_version: number
}

const settingsJson = (row: SettingsRow) => ({
  id: row.id,
  version: row.version,
  seasonsLeagueId: row.seasons_league_id,
  opensAt: row.opens_at,
  closesAt: row.closes_at,
  teamFee: row.team_fee,
  playerFee: row.player_fee,
  teamCapacity: row.team_capacity,
  payAtGym: Boolean(row.pay_at_gym),
  freeAgents: Boolean(row.free_agents),
  questions: JSON.parse(row.questions) as RegistrationQuestion[],
  eligibility: row.eligibility ? (JSON.parse(row.eligibility) as EligibilityRule) : null,
  waiverText: row.waiver_text,
  waiverVersion: row.waiver_version,
})

interface EntryRow {
  id: number
  version: number
  organization_id: number
  seasons_league_id: number
  kind: 'team' | 'free_agent'
  member_id: number | null
  player_id: number | null
  team_name: string | null
  colours: string | null
  answers: string
  availability: string | null
  status: string
  amount: number
  refunded_amount: number
  currency: string
  pay_at_gym: number
  checkout_session_id: string | null
  payment_intent_id: string | null
  team_id: number | null
  created_at: string
  paid_at: string | null
  first_name?: string | null
  last_name?: string | null
  email?: string | null
  member_language?: string | null
  league_id?: number
  waitlist_position?: number | null
}

const ENTRY_SELECT = `SELECT r.*, p.first_name, p.last_name, m.email, m.language AS member_language,
  (SELECT league_id FROM seasons_leagues WHERE id = r.seasons_league_id) AS league_id,
  CASE WHEN r.status = 'waitlisted' THEN (SELECT count(*) FROM registrations w WHERE w.seasons_league_id = r.seasons_league_id
    AND w.kind = r.kind AND w.status = 'waitlisted' AND w.id <= r.id) END AS waitlist_position
  FROM registrations r LEFT JOIN players p ON p.id = r.player_id LEFT JOIN members m ON m.id = r.member_id`

const entryJson = (row: EntryRow) => ({
  id: row.id,
  version: row.version,
  seasonsLeagueId: row.seasons_league_id,
  kind: row.kind,
  status: row.status,
  teamName: row.team_name,
  colours: row.colours,
  playerName: row.first_name ? `${row.first_name} ${row.last_name}` : null,
  answers: JSON.parse(row.answers) as Record<string, string>,
  availability: row.availability,
  amount: row.amount,
  refundedAmount: row.refunded_amount,
  currency: row.currency,
  payAtGym: Boolean(row.pay_at_gym),
  teamId: row.team_id,
  createdAt: row.created_at,
  paidAt: row.paid_at,
  waitlistPosition: row.waitlist_position ?? null,
})
const staffEntryJson = (row: EntryRow) => ({ ...entryJson(row), email: row.email ?? null })

/** The league of a season, in the organization: its seasons_leagues row with names. */
type LeagueOfSeason = { id: number; organization_id: number; season_name: string; league_name: string; league_id: number }
const leagueOfSeasonStmt = (c: Context<AppEnv>, orgId: number, seasonId: number, leagueId: number) =>
  d1(c)
    .prepare(
      `SELECT sl.id, sl.organization_id, s.name AS season_name, l.name AS league_name, l.id AS league_id
       FROM seasons_leagues sl JOIN seasons s ON s.id = sl.season_id JOIN leagues l ON l.id = sl.league_id
       WHERE sl.season_id = ? AND sl.league_id = ? AND sl.organization_id = ?`,
    )
    .bind(seasonId, leagueId, orgId)
const ORG_COLUMNS = 'SELECT id, name, slug, currency, time_zone, language, languages FROM organizations WHERE id = ?'
type OrgRow = { id: number; name: string; slug: string; currency: string; time_zone: string; language: string; languages: string }
const first = <T>(result: D1Result | undefined) => result?.results?.[0] as T | undefined

async function leagueOfSeason(c: Context<AppEnv>, orgId: number, seasonId: number, leagueId: number) {
  const row = await d1(c)
    .prepare(
      `SELECT sl.id, sl.organization_id, s.name AS season_name, l.name AS league_name, l.id AS league_id
       FROM seasons_leagues sl JOIN seasons s ON s.id = sl.season_id JOIN leagues l ON l.id = sl.league_id
       WHERE sl.season_id = ? AND sl.league_id = ? AND sl.organization_id = ?`,
    )
    .bind(seasonId, leagueId, orgId)
    .first<{ id: number; organization_id: number; season_name: string; league_name: string; league_id: number }>()
  if (!row) throw notFound('League')
  return row
}

/** The staff user's organization (a super admin's: the one named by organization_id, else the league's). */
function staffOrg(c: Context<AppEnv>): number {
  requireUser(c)
  const scope = rowScope(c)
  return typeof scope === 'number' ? scope : writerOrgId(c)
}

const entryStmt = (c: Context<AppEnv>, orgId: number, entryId: number) =>
  d1(c).prepare(`${ENTRY_SELECT} WHERE r.id = ? AND r.organization_id = ?`).bind(entryId, orgId)

async function entryOf(c: Context<AppEnv>, orgId: number, entryId: number): Promise<EntryRow> {
  const row = await d1(c)
    .prepare(`${ENTRY_SELECT} WHERE r.id = ? AND r.organization_id = ?`)
    .bind(entryId, orgId)
    .first<EntryRow>()
  if (!row) throw notFound('Registration')
  return row
}

async function orgOf(c: Context<AppEnv>, orgId: number) {
  const org = await d1(c)
    .prepare('SELECT id, name, slug, currency, time_zone, language, languages FROM organizations WHERE id = ?')
    .bind(orgId)
    .first<{ id: number; name: string; slug: string; currency: string; time_zone: string; language: string; languages: string }>()
  if (!org) throw notFound('Organization')
  return org
}

const today = (zone: string) => toLocal(Date.now(), zone).date

/** Sends one e-mail to a registration's member, in their language (docs/notifications.md outbox). */
async function mailMember(
  c: Context<AppEnv>,
  org: { id: number; name: string; slug: string; language: string; languages: string },
  entry: EntryRow,
  compose: (t: (key: string, args?: Record<string, string | number>) => string) => {
    subject: string
    paragraphs: (string | { text: string; href: string })[]
  },
) {
  const memberId = entry.member_id
  const member = entry.email ? { email: entry.email, language: entry.member_language ?? null } : null
  if (!memberId || !member) return
  const language = mailLanguage(org, member.language)
  const { t } = await mailWords(c.env, language)
  const { subject, paragraphs } = compose(t as never)
  await sendMail(c.var.db, c.env, {
    organizationId: org.id,
    memberId,
    to: member.email,
    language,
    subject,
    headers: { 'X-Courtside-Kind': 'registration' },
    ...mailBody(paragraphs),
  })
}

// ---------- the public form ----------

const FORM_SELECT = `SELECT rs.*, s.name AS season_name, l.name AS league_name, sl.season_id, sl.league_id, sl.position,
    (SELECT count(*) FROM registrations r WHERE r.seasons_league_id = rs.seasons_league_id AND r.kind = 'team' AND r.status IN ${PLACE_TAKING}) AS taken
  FROM registration_settings rs JOIN seasons_leagues sl ON sl.id = rs.seasons_league_id
  JOIN seasons s ON s.id = sl.season_id JOIN leagues l ON l.id = sl.league_id`
type FormRow = SettingsRow & { season_name: string; league_name: string; season_id: number; league_id: number; taken: number }

async function formOf(c: Context<AppEnv>, orgId: number, formId: number) {
  const row = await d1(c)
    .prepare(`${FORM_SELECT} WHERE rs.id = ? AND rs.organization_id = ?`)
    .bind(formId, orgId)
    .first<FormRow>()
  if (!row) throw notFound('Registration')
  return row
}

/** The organization a public read is about: the one the request names (already looked up), else the signed-in user's. */
async function readerOrg(c: Context<AppEnv>): Promise<{ id: number; currency: string; time_zone: string }> {
  if (namesTenant(c) || !c.var.user) {
    const org = await publicOrg(c)
    return { id: org.id, currency: org.currency, time_zone: org.timeZone }
  }
  return orgOf(c, await readerOrgId(c))
}

function publicForm(c: Context<AppEnv>, row: FormRow, org: { currency: string; time_zone: string }) {
  const settings = settingsJson(row)
  const day = today(org.time_zone)
  return {
    id: row.id,
    seasonName: row.season_name,
    leagueName: row.league_name,
    opensAt: row.opens_at,
    closesAt: row.closes_at,
    open: day >= row.opens_at && day <= row.closes_at,
    teamFee: row.team_fee,
    playerFee: row.player_fee,
    currency: org.currency,
    teamCapacity: row.team_capacity,
    placesLeft: row.team_capacity === null ? null : Math.max(0, row.team_capacity - row.taken),
    payAtGym: settings.payAtGym,
    freeAgents: settings.freeAgents,
    onlinePayment: stripeConfig(c.env) !== null,
    questions: settings.questions,
    asksBirthDate: needsBirthDate(settings.eligibility),
    waiverText: row.waiver_text,
    waiverVersion: row.waiver_version,
  }
}

/** The answers checked against the form's questions: field errors for the missing and the malformed. */
function checkAnswers(questions: RegistrationQuestion[], given: Record<string, string>) {
  const fields: Record<string, string> = {}
  const kept: Record<string, string> = {}
  for (const q of questions) {
    const value = (given[q.id] ?? '').trim()
    if (!value) {
      if (q.required) fields[`answers.${q.id}`] = 'This question needs an answer'
      continue
    }
    if (q.type === 'choice' && !q.choices?.includes(value)) fields[`answers.${q.id}`] = 'Choose one of the answers given'
    else if (q.type === 'yesno' && value !== 'yes' && value !== 'no') fields[`answers.${q.id}`] = 'Answer yes or no'
    else if (q.type === 'date' && !/^\d{4}-\d{2}-\d{2}$/.test(value)) fields[`answers.${q.id}`] = 'Enter the date as YYYY-MM-DD'
    else kept[q.id] = value
  }
  return { fields, kept }
}

/** Whether the member's player was rostered in the same league in the season before this one. */
async function eligibilityFacts(
  c: Context<AppEnv>,
  member: SessionMember,
  form: { season_id: number; league_id: number },
  day: string,
  birthDate?: string,
) {
  const [played, suspended] = await d1(c).batch<{ x: number }>([
    d1(c)
      .prepare(
        `SELECT 1 AS x FROM rosters r JOIN seasons_leagues_teams slt ON slt.id = r.seasons_league_team_id
         JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id
         WHERE r.player_id = ?1 AND sl.league_id = ?2 AND sl.season_id = (
           SELECT p.id FROM seasons p, seasons cur WHERE cur.id = ?3 AND p.organization_id = cur.organization_id AND p.id <> cur.id
             AND coalesce(p.start_date, '') < coalesce(cur.start_date, '') ORDER BY p.start_date DESC LIMIT 1) LIMIT 1`,
      )
      .bind(member.playerId, form.league_id, form.season_id),
    d1(c)
      .prepare(
        // In force: not lifted, and open-ended or until a day not past in the organization's zone
        // (worker/routes/suspensions.ts `inForce`, docs/registration.md "Suspensions").
        'SELECT 1 AS x FROM player_suspensions WHERE player_id = ? AND organization_id = ? AND lifted_at IS NULL AND (until IS NULL OR until >= ?) LIMIT 1',
      )
      .bind(member.playerId, member.organizationId, day),
  ])
  return {
    birthDate: birthDate ?? null,
    playedLastSeason: (played?.results?.length ?? 0) > 0,
    suspended: (suspended?.results?.length ?? 0) > 0,
  }
}

/** Opens a Stripe Checkout session for a held registration and stores its id. */
async function startCheckout(
  c: Context<AppEnv>,
  org: { id: number; slug: string; name: string },
  entry: EntryRow,
  label: string,
) {
  const config = stripeConfig(c.env)
  if (!config) throw new ApiError(409, 'Online payment is not set up for this league. Choose to pay at the gym.')
  const base = siteBase(c, org)
  const session = await createCheckoutSession(
    config,
    {
      amount: entry.amount,
      currency: entry.currency,
      name: label,
      successUrl: `${base}/member/registrations?paid=${entry.id}`,
      cancelUrl: `${base}/member/registrations?cancelled=${entry.id}`,
      expiresAt: Math.floor(Date.now() / 1000) + (HOLD_MINUTES + 1) * 60,
      email: entry.email ?? undefined,
      metadata: {
        organization_id: String(org.id),
        registration_id: String(entry.id),
        seasons_league_id: String(entry.seasons_league_id),
      },
    },
    `registration-${entry.id}-${entry.version}`,
  )
  await d1(c)
    // A team let in from the waitlist keeps its longer hold (docs/registration.md "Staff"): never shortened.
    .prepare(
      `UPDATE registrations SET checkout_session_id = ?, held_until = max(coalesce(held_until, 0), ?) WHERE id = ? AND status = 'held'`,
    )
    .bind(session.id, Date.now() + HOLD_MINUTES * 60_000, entry.id)
    .run()
  return session.url
}

// ---------- the webhook ----------

interface StripeEvent {
  id: string
  type: string
  data: {
    object: {
      id: string
      object: string
      metadata?: Record<string, string>
      payment_status?: string
      amount_total?: number
      currency?: string
      payment_intent?: string | null
    }
  }
}

const eventShape = z.object({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(100),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
})

const HANDLED = new Set(['checkout.session.completed', 'checkout.session.expired'])

async function takeWebhook(c: Context<AppEnv>) {
  const config = stripeConfig(c.env)
  const payload = await c.req.text()
  // Payments off: nothing can be confirmed, and nothing is (docs/registration.md "Webhook"); only an
  // event's shape is checked.
  if (!config) {
    let body: unknown
    try {
      body = JSON.parse(payload)
    } catch {
      body = null
    }
    if (!eventShape.safeParse(body).success) throw new ApiError(400, 'This is not a payment event')
    return c.json({ received: false }, 200)
  }
  if (!(await verifySignature(config.webhookSecret, c.req.header('Stripe-Signature'), payload)))
    throw new ApiError(400, 'The payment event’s signature is not valid')
  let event: StripeEvent
  try {
    event = JSON.parse(payload) as StripeEvent
  } catch {
    throw new ApiError(400, 'The payment event’s signature is not valid')
  }
  if (!event?.id || !HANDLED.has(event.type) || event.data?.object?.object !== 'checkout.session')
    return c.json({ received: true }, 200)
  const session = event.data.object
  const orgId = Number(session.metadata?.organization_id)
  const entryId = Number(session.metadata?.registration_id)
  // The event must name a registration of the organization it names, by the session it was paid through.
  const entry = await d1(c)
    .prepare('SELECT id, amount, currency FROM registrations WHERE id = ? AND organization_id = ? AND checkout_session_id = ?')
    .bind(entryId || 0, orgId || 0, session.id)
    .first<{ id: number; amount: number; currency: string }>()
  if (!entry) throw new ApiError(400, 'The payment event names no registration of its organization')
  const claim = d1(c)
    .prepare(
      'INSERT OR IGNORE INTO payment_events (id, organization_id, registration_id, type, outcome, received_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(event.id, orgId, entry.id, event.type, 'taken', Date.now())
  let apply: D1PreparedStatement
  if (event.type === 'checkout.session.completed') {
    const paid =
      session.payment_status === 'paid' &&
      session.amount_total === entry.amount &&
      String(session.currency).toLowerCase() === entry.currency.toLowerCase()
    if (!paid) throw new ApiError(400, 'The payment event does not pay this registration')
    // A payment arriving after its hold was released takes the place again only when one is free.
    apply = d1(c)
      .prepare(
        `UPDATE registrations SET status = 'paid', paid_at = strftime('%Y-%m-%dT%H:%M:%fZ','now'), payment_intent_id = ?, held_until = NULL
         WHERE id = ? AND changes() = 1 AND (status = 'held' OR (status = 'released' AND (kind <> 'team' OR coalesce((
           SELECT team_capacity FROM registration_settings WHERE seasons_league_id = registrations.seasons_league_id), 1000000000) > (
           SELECT count(*) FROM registrations o WHERE o.seasons_league_id = registrations.seasons_league_id AND o.kind = 'team' AND o.status IN ${PLACE_TAKING}))))
         RETURNING id`,
      )
      .bind(session.payment_intent ?? null, entry.id)
  } else {
    apply = d1(c)
      .prepare(
        // Only a checkout's own hold ends with its session; a let-in team's 48-hour hold outlives it.
        `UPDATE registrations SET status = 'released', held_until = NULL
         WHERE id = ? AND changes() = 1 AND status = 'held' AND coalesce(held_until, 0) <= ? RETURNING id`,
      )
      .bind(entry.id, Date.now() + (HOLD_MINUTES + 1) * 60_000)
  }
  const [claimed, applied] = await d1(c).batch([claim, apply])
  const duplicate = (claimed?.meta?.changes ?? 0) === 0
  return c.json({ received: true, duplicate, applied: (applied?.results?.length ?? 0) > 0 }, 200)
}

/** The minute's work (worker/scheduled.ts): places held longer than their hold go back. */
export async function releaseExpiredHolds(db: D1Database | D1DatabaseSession, now = Date.now()) {
  return db
    .prepare(`UPDATE registrations SET status = 'released', held_until = NULL WHERE status = 'held' AND held_until < ?`)
    .bind(now)
    .run()
}

// ---------- routes ----------

const seasonLeagueParams = z.object({ seasonId: id, leagueId: id })
const entryParam = z.object({ entryId: id })
const listQuery = z.object({
  status: z.enum(['held', 'paid', 'gym', 'free', 'waitlisted', 'released', 'refunded', 'unpaid']).optional(),
  kind: z.enum(['team', 'free_agent']).optional(),
})

/** A league's registrations with the list's filters. */
async function listEntries(c: Context<AppEnv>) {
  const orgId = staffOrg(c)
  const { seasonId, leagueId } = seasonLeagueParams.parse(c.req.param())
  const { status, kind } = listQuery.parse(c.req.query())
  const sl = await leagueOfSeason(c, orgId, seasonId, leagueId)
  const where = ['r.seasons_league_id = ?', 'r.organization_id = ?']
  const params: unknown[] = [sl.id, orgId]
  if (status === 'unpaid') where.push(`r.status IN ('held', 'gym')`)
  else if (status) {
    where.push('r.status = ?')
    params.push(status)
  }
  if (kind) {
    where.push('r.kind = ?')
    params.push(kind)
  }
  const { results } = await d1(c)
    .prepare(`${ENTRY_SELECT} WHERE ${where.join(' AND ')} ORDER BY r.id`)
    .bind(...params)
    .all<EntryRow>()
  return { rows: results, seasonsLeagueId: sl.id }
}

export const registrationRoutes = new Hono<AppEnv>()
  .get(
    '/registration/seasons/:seasonId/leagues/:leagueId',
    answers('A league’s registration settings in a season (null until set up)', {
      200: z.object({ settings: registrationSettingsJson.nullable(), currency: z.string(), onlinePayment: z.boolean() }),
    }),
    validate('param', seasonLeagueParams),
    async (c) => {
      const orgId = staffOrg(c)
      const { seasonId, leagueId } = c.req.valid('param')
      const [slResult, rowResult, orgResult] = await d1(c).batch([
        leagueOfSeasonStmt(c, orgId, seasonId, leagueId),
        d1(c)
          .prepare(
            'SELECT rs.* FROM registration_settings rs JOIN seasons_leagues sl ON sl.id = rs.seasons_league_id WHERE sl.season_id = ? AND sl.league_id = ? AND rs.organization_id = ?',
          )
          .bind(seasonId, leagueId, orgId),
        d1(c).prepare(ORG_COLUMNS).bind(orgId),
      ])
      if (!first(slResult)) throw notFound('League')
      const row = first<SettingsRow>(rowResult)
      const org = first<OrgRow>(orgResult)
      if (!org) throw notFound('Organization')
      return c.json({
        settings: row ? settingsJson(row) : null,
        currency: org.currency,
        onlinePayment: stripeConfig(c.env) !== null,
      })
    },
  )
  .put(
    '/registration/seasons/:seasonId/leagues/:leagueId',
    answers('Set up a league’s registration (a new waiver text is a new version: earlier signatures no longer count)', {
      200: z.object({ settings: registrationSettingsJson }),
    }),
    validate('param', seasonLeagueParams),
    validate('json', registrationSettingsInput),
    async (c) => {
      const orgId = staffOrg(c)
      const { seasonId, leagueId } = c.req.valid('param')
      const input = c.req.valid('json')
      const sl = await leagueOfSeason(c, orgId, seasonId, leagueId)
      const current = await d1(c)
        .prepare('SELECT * FROM registration_settings WHERE seasons_league_id = ?')
        .bind(sl.id)
        .first<SettingsRow>()
      const values = [
        input.opensAt,
        input.closesAt,
        input.teamFee,
        input.playerFee,
        input.teamCapacity,
        input.payAtGym ? 1 : 0,
        input.freeAgents ? 1 : 0,
        JSON.stringify(input.questions),
        input.eligibility ? JSON.stringify(input.eligibility) : null,
        input.waiverText,
      ]
      if (!current) {
        await d1(c)
          .prepare(
            `INSERT INTO registration_settings (organization_id, seasons_league_id, opens_at, closes_at, team_fee, player_fee, team_capacity,
               pay_at_gym, free_agents, questions, eligibility, waiver_text, waiver_version)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (seasons_league_id) DO NOTHING`,
          )
          .bind(orgId, sl.id, ...values, input.waiverText ? 1 : 0)
          .run()
      } else {
        if (input.version !== undefined && input.version !== current.version)
          throw new ApiError(409, 'Someone else changed this registration since you opened it. Nothing was saved.')
        const result = await d1(c)
          .prepare(
            `UPDATE registration_settings SET opens_at = ?, closes_at = ?, team_fee = ?, player_fee = ?, team_capacity = ?, pay_at_gym = ?,
               free_agents = ?, questions = ?, eligibility = ?, waiver_version = CASE WHEN waiver_text IS NOT ?10 THEN waiver_version + 1 ELSE waiver_version END,
               waiver_text = ?10
             WHERE id = ?11 AND version = ?12`,
          )
          .bind(...values, current.id, current.version)
          .run()
        if ((result.meta.changes ?? 0) === 0)
          throw new ApiError(409, 'Someone else changed this registration since you opened it. Nothing was saved.')
      }
      const row = await d1(c)
        .prepare('SELECT * FROM registration_settings WHERE seasons_league_id = ?')
        .bind(sl.id)
        .first<SettingsRow>()
      if (!row) throw notFound('Registration')
      return c.json({ settings: settingsJson(row) })
    },
  )
  .get(
    '/registration/seasons/:seasonId/leagues/:leagueId/entries',
    answers('A league’s registrations (filters: status, kind)', {
      200: z.object({ registrations: z.array(staffRegistrationJson) }),
    }),
    validate('param', seasonLeagueParams),
    validate('query', listQuery),
    async (c) => c.json({ registrations: (await listEntries(c)).rows.map(staffEntryJson) }),
  )
  .get(
    '/registration/seasons/:seasonId/leagues/:leagueId/entries.csv',
    answers('A league’s registrations as a spreadsheet (the same filters), as CSV', {
      200: { description: 'The CSV file', media: 'text/csv' },
    }),
    validate('param', seasonLeagueParams),
    validate('query', listQuery),
    async (c) => {
      const { rows, seasonsLeagueId } = await listEntries(c)
      const csv = toCsv(
        [
          'id',
          'kind',
          'status',
          'team',
          'colours',
          'player',
          'email',
          'amount',
          'refunded',
          'currency',
          'registered',
          'paid',
          'answers',
        ],
        rows.map((r) => [
          r.id,
          r.kind,
          r.status,
          r.team_name ?? '',
          r.colours ?? '',
          r.first_name ? `${r.first_name} ${r.last_name}` : '',
          r.email ?? '',
          minorToDecimal(r.amount, r.currency),
          minorToDecimal(r.refunded_amount, r.currency),
          r.currency,
          r.created_at,
          r.paid_at ?? '',
          Object.entries(JSON.parse(r.answers) as Record<string, string>)
            .map(([k, v]) => `${k}: ${v}`)
            .join('; '),
        ]),
      )
      return c.body(csv, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="registrations-${seasonsLeagueId}.csv"`,
      })
    },
  )
  .post(
    '/registration/entries/:entryId/refund',
    answers('Refund a paid registration through the payment provider (all that is left, or `amount` cents)', {
      200: z.object({ registration: staffRegistrationJson }),
    }),
    validate('param', entryParam),
    validate('json', z.object({ amount: z.number().int().positive().optional() }).default({})),
    async (c) => {
      const user = requireUser(c)
      const orgId = staffOrg(c)
      const entry = await entryOf(c, orgId, c.req.valid('param').entryId)
      if (entry.status !== 'paid' || !entry.payment_intent_id)
        throw new ApiError(409, 'Only a registration paid online can be refunded')
      const left = entry.amount - entry.refunded_amount
      const amount = c.req.valid('json').amount ?? left
      if (amount > left)
        throw new ApiError(400, 'A refund cannot be more than what is left to refund', {
          amount: 'A refund cannot be more than what is left to refund',
        })
      const config = stripeConfig(c.env)
      if (!config) throw new ApiError(409, 'Online payment is not set up')
      const refund = await createRefund(
        config,
        entry.payment_intent_id,
        amount,
        `refund-${entry.id}-${entry.refunded_amount}-${amount}`,
      )
      await d1(c).batch([
        d1(c)
          .prepare(
            'INSERT OR IGNORE INTO registration_refunds (organization_id, registration_id, provider_refund_id, amount, created_by) VALUES (?, ?, ?, ?, ?)',
          )
          .bind(orgId, entry.id, refund.id, amount, user.username),
        d1(c)
          .prepare(
            `UPDATE registrations SET refunded_amount = refunded_amount + ?1,
               status = CASE WHEN refunded_amount + ?1 >= amount THEN 'refunded' ELSE status END WHERE id = ?2 AND changes() = 1`,
          )
          .bind(amount, entry.id),
      ])
      return c.json({ registration: staffEntryJson(await entryOf(c, orgId, entry.id)) })
    },
  )
  .post(
    '/registration/seasons/:seasonId/leagues/:leagueId/let-in',
    answers('Let the next waitlisted team in when a place is free; its captain is e-mailed', {
      200: z.object({ registration: staffRegistrationJson }),
    }),
    validate('param', seasonLeagueParams),
    async (c) => {
      const orgId = staffOrg(c)
      const { seasonId, leagueId } = c.req.valid('param')
      const sl = await leagueOfSeason(c, orgId, seasonId, leagueId)
      // Capacity checked and changed in the one statement that takes the place.
      const next = await d1(c)
        .prepare(
          `UPDATE registrations SET status = CASE WHEN amount = 0 THEN 'free' ELSE 'held' END, held_until = ?1
           WHERE id = (SELECT id FROM registrations WHERE seasons_league_id = ?2 AND kind = 'team' AND status = 'waitlisted' ORDER BY id LIMIT 1)
             AND (SELECT count(*) FROM registrations WHERE seasons_league_id = ?2 AND kind = 'team' AND status IN ${PLACE_TAKING})
               < coalesce((SELECT team_capacity FROM registration_settings WHERE seasons_league_id = ?2), 1000000000)
           RETURNING id`,
        )
        .bind(Date.now() + LET_IN_HOURS * 3_600_000, sl.id)
        .first<{ id: number }>()
      if (!next) {
        const waiting = await d1(c)
          .prepare(
            `SELECT 1 AS x FROM registrations WHERE seasons_league_id = ? AND kind = 'team' AND status = 'waitlisted' LIMIT 1`,
          )
          .bind(sl.id)
          .first()
        throw new ApiError(409, waiting ? 'No place is free yet' : 'No team is waiting')
      }
      const entry = await entryOf(c, orgId, next.id)
      const org = await orgOf(c, orgId)
      await mailMember(c, org, entry, (t) => ({
        subject: t('server.mail.registration.placeSubject', { league: sl.league_name, organization: org.name }),
        paragraphs: [
          t('server.mail.registration.placeIntro', {
            team: entry.team_name ?? '',
            league: sl.league_name,
            season: sl.season_name,
            hours: LET_IN_HOURS,
          }),
          { text: t('server.mail.registration.placeButton'), href: `${siteBase(c, org)}/member/registrations` },
        ],
      }))
      return c.json({ registration: staffEntryJson(entry) })
    },
  )
  .post(
    '/registration/entries/:entryId/team',
    answers('Make a confirmed team registration its team and roster, its captain captain, in one step', {
      201: z.object({ registration: staffRegistrationJson, teamId: z.number(), seasonsLeagueTeamId: z.number() }),
    }),
    validate('param', entryParam),
    async (c) => {
      const orgId = staffOrg(c)
      const entry = await entryOf(c, orgId, c.req.valid('param').entryId)
      if (entry.kind !== 'team') throw new ApiError(409, 'Only a team registration makes a team')
      if (!CONFIRMED.includes(entry.status)) throw new ApiError(409, 'Only a confirmed registration makes a team')
      if (entry.team_id) throw new ApiError(409, 'This registration already has its team')
      const db = d1(c)
      // One batch: the team, the registration naming it, the team in the league of the season, the captain on its roster.
      const [team] = await db.batch<{ id: number }>([
        db
          .prepare(
            `INSERT INTO teams (organization_id, name, league_id, captain_id)
             SELECT ?1, ?2, ?3, ?4 WHERE EXISTS (SELECT 1 FROM registrations WHERE id = ?5 AND team_id IS NULL AND status IN ('paid', 'gym', 'free')) RETURNING id`,
          )
          .bind(orgId, entry.team_name, entry.league_id ?? null, entry.player_id, entry.id),
        db
          .prepare('UPDATE registrations SET team_id = last_insert_rowid() WHERE id = ? AND team_id IS NULL AND changes() = 1')
          .bind(entry.id),
        db
          .prepare(
            `INSERT INTO seasons_leagues_teams (organization_id, seasons_league_id, team_id, position)
             SELECT ?1, ?2, team_id, (SELECT count(*) FROM seasons_leagues_teams WHERE seasons_league_id = ?2) FROM registrations WHERE id = ?3 AND changes() = 1`,
          )
          .bind(orgId, entry.seasons_league_id, entry.id),
        db
          .prepare(
            `INSERT INTO rosters (organization_id, player_id, team_id, seasons_league_team_id, captain)
             SELECT ?1, player_id, team_id, last_insert_rowid(), 1 FROM registrations WHERE id = ?2 AND player_id IS NOT NULL AND changes() = 1`,
          )
          .bind(orgId, entry.id),
      ])
      const teamId = team?.results?.[0]?.id
      if (!teamId) throw new ApiError(409, 'This registration already has its team')
      const [sltResult, entryResult] = await db.batch([
        db
          .prepare('SELECT id FROM seasons_leagues_teams WHERE seasons_league_id = ? AND team_id = ?')
          .bind(entry.seasons_league_id, teamId),
        entryStmt(c, orgId, entry.id),
      ])
      const made = first<EntryRow>(entryResult)
      if (!made) throw notFound('Registration')
      return c.json(
        { registration: staffEntryJson(made), teamId, seasonsLeagueTeamId: first<{ id: number }>(sltResult)?.id ?? 0 },
        201,
      )
    },
  )
  .get(
    '/registration/seasons/:seasonId/leagues/:leagueId/report',
    answers('Reconcile the league’s payments with the payment provider’s records, to the cent', { 200: reconciliationJson }),
    validate('param', seasonLeagueParams),
    async (c) => {
      const orgId = staffOrg(c)
      const { seasonId, leagueId } = c.req.valid('param')
      const [slResult, orgResult, paidResult] = await d1(c).batch([
        leagueOfSeasonStmt(c, orgId, seasonId, leagueId),
        d1(c).prepare(ORG_COLUMNS).bind(orgId),
        d1(c)
          .prepare(
            `SELECT r.id, r.amount, r.refunded_amount, r.payment_intent_id FROM registrations r JOIN seasons_leagues sl ON sl.id = r.seasons_league_id
             WHERE sl.season_id = ? AND sl.league_id = ? AND r.organization_id = ? AND r.payment_intent_id IS NOT NULL AND r.paid_at IS NOT NULL`,
          )
          .bind(seasonId, leagueId, orgId),
      ])
      const sl = first<LeagueOfSeason>(slResult)
      const org = first<OrgRow>(orgResult)
      if (!sl || !org) throw notFound('League')
      const results = (paidResult?.results ?? []) as {
        id: number
        amount: number
        refunded_amount: number
        payment_intent_id: string
      }[]
      const product = { collected: 0, refunded: 0, net: 0, payments: results.length }
      const ours = new Map<string, { id: number; net: number }>()
      for (const r of results) {
        product.collected += r.amount
        product.refunded += r.refunded_amount
        ours.set(r.payment_intent_id, { id: r.id, net: r.amount - r.refunded_amount })
      }
      product.net = product.collected - product.refunded
      const config = stripeConfig(c.env)
      if (!config) return c.json({ currency: org.currency, product, provider: null, matches: false, differences: [] })
      const charges = (await chargesOfLeague(config, orgId, sl.id)).filter((ch) => ch.paid)
      const provider = { collected: 0, refunded: 0, net: 0, payments: charges.length }
      const theirs = new Map<string, number>()
      for (const ch of charges) {
        provider.collected += ch.amount
        provider.refunded += ch.amount_refunded
        if (ch.payment_intent)
          theirs.set(ch.payment_intent, (theirs.get(ch.payment_intent) ?? 0) + ch.amount - ch.amount_refunded)
      }
      provider.net = provider.collected - provider.refunded
      const differences: { paymentIntent: string; registrationId: number | null; product: number; provider: number }[] = []
      for (const key of new Set([...ours.keys(), ...theirs.keys()])) {
        const a = ours.get(key)?.net ?? 0
        const b = theirs.get(key) ?? 0
        if (a !== b) differences.push({ paymentIntent: key, registrationId: ours.get(key)?.id ?? null, product: a, provider: b })
      }
      const matches =
        differences.length === 0 && product.collected === provider.collected && product.refunded === provider.refunded
      return c.json({ currency: org.currency, product, provider, matches, differences })
    },
  )
  .get(
    '/registration/seasons/:seasonId/leagues/:leagueId/free-agents',
    answers('The league’s free-agent pool: confirmed free agents not on a team yet', {
      200: z.object({
        freeAgents: z.array(registrationJson),
        // The league's teams of the season, to place a free agent on (docs/registration.md "Staff").
        teams: z.array(z.object({ seasonsLeagueTeamId: z.number(), name: z.string() })),
      }),
    }),
    validate('param', seasonLeagueParams),
    async (c) => {
      const orgId = staffOrg(c)
      const { seasonId, leagueId } = c.req.valid('param')
      const sl = await leagueOfSeason(c, orgId, seasonId, leagueId)
      const db = d1(c)
      const [agents, teams] = await db.batch([
        freeAgentsStmt(c, orgId, sl.id),
        db
          .prepare(
            `SELECT slt.id, t.name FROM seasons_leagues_teams slt JOIN teams t ON t.id = slt.team_id
             WHERE slt.seasons_league_id = ? AND slt.organization_id = ? ORDER BY t.name`,
          )
          .bind(sl.id, orgId),
      ])
      return c.json({
        freeAgents: ((agents?.results ?? []) as EntryRow[]).map(entryJson),
        teams: ((teams?.results ?? []) as { id: number; name: string }[]).map((t) => ({
          seasonsLeagueTeamId: t.id,
          name: t.name,
        })),
      })
    },
  )
  .post(
    '/registration/entries/:entryId/place',
    answers('Put a free agent on a team of the league; the player is e-mailed', {
      200: z.object({ registration: registrationJson }),
    }),
    validate('param', entryParam),
    validate('json', z.object({ seasonsLeagueTeamId: id })),
    async (c) => {
      const orgId = staffOrg(c)
      const placed = await placeFreeAgent(c, orgId, c.req.valid('param').entryId, c.req.valid('json').seasonsLeagueTeamId)
      return c.json({ registration: entryJson(placed) })
    },
  )
  // ---- public ----
  .get(
    '/registration/forms',
    answers('The organization’s registration forms (open and coming)', { 200: z.object({ forms: z.array(publicFormJson) }) }),
    async (c) => {
      const org = await readerOrg(c)
      const { results } = await d1(c)
        .prepare(`${FORM_SELECT} WHERE rs.organization_id = ? AND rs.closes_at >= ? ORDER BY rs.opens_at, sl.position`)
        .bind(org.id, today(org.time_zone))
        .all<FormRow>()
      return c.json({ forms: results.map((row) => publicForm(c, row, org)) })
    },
  )
  .get(
    '/registration/forms/:formId',
    answers('One registration form: fees, places left, questions, the waiver to sign', {
      200: z.object({ form: publicFormJson }),
    }),
    validate('param', z.object({ formId: id })),
    async (c) => {
      const org = await readerOrg(c)
      return c.json({ form: publicForm(c, await formOf(c, org.id, c.req.valid('param').formId), org) })
    },
  )
  // ---- the member's ----
  .post(
    '/member/registrations',
    answers('Register a team or join the free-agent pool: signs the waiver, holds a place, answers the checkout address', {
      201: z.object({ registration: registrationJson, checkoutUrl: z.string().nullable() }),
    }),
    validate('json', signUpInput),
    async (c) => {
      const member = await requireMember(c)
      const input = c.req.valid('json')
      const org = await orgOf(c, member.organizationId)
      const form = await formOf(c, org.id, input.formId)
      const settings = settingsJson(form)
      const day = today(org.time_zone)
      if (day < form.opens_at) throw new ApiError(409, 'Registration has not opened yet')
      if (day > form.closes_at) throw new ApiError(409, 'Registration has closed')
      const fields: Record<string, string> = {}
      if (input.kind === 'team' && !input.teamName) fields.teamName = 'Team name is required'
      if (input.kind === 'free_agent' && !settings.freeAgents) throw new ApiError(409, 'This league takes no free agents')
      if (input.payAtGym && !settings.payAtGym) fields.payAtGym = 'This league takes payment online only'
      const { fields: answerFields, kept } = checkAnswers(settings.questions, input.answers)
      Object.assign(fields, answerFields)
      if (needsBirthDate(settings.eligibility as EligibilityRule | null) && !input.birthDate)
        fields.birthDate = 'Enter your date of birth'
      if (settings.waiverText) {
        if (!input.waiver?.agreed) fields['waiver.agreed'] = 'Tick the box to agree to the waiver'
        if (!input.waiver?.name) fields['waiver.name'] = 'Type your full name to sign'
      }
      if (Object.keys(fields).length > 0) throw new ApiError(400, 'Please check the form', fields)
      if (settings.waiverText && input.waiver?.version !== settings.waiverVersion)
        throw new ApiError(409, 'The waiver changed since you opened the form: read it again and sign')
      const verdict = evaluateEligibility(
        settings.eligibility as EligibilityRule | null,
        await eligibilityFacts(c, member, form, day, input.birthDate),
      )
      if (!verdict.eligible) throw new ApiError(403, verdict.message)
      const amount = (input.kind === 'team' ? settings.teamFee : settings.playerFee) ?? 0
      const db = d1(c)
      const now = Date.now()
      // The place is counted and taken in this one statement: two captains at the last place, one is waitlisted.
      const [inserted] = await db.batch<{ id: number; status: string }>([
        db
          .prepare(
            `INSERT INTO registrations (organization_id, seasons_league_id, kind, member_id, player_id, team_name, colours, answers, birth_date,
               availability, status, amount, currency, pay_at_gym, held_until)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10,
               CASE WHEN ?3 = 'team' AND (SELECT count(*) FROM registrations WHERE seasons_league_id = ?2 AND kind = 'team' AND status IN ${PLACE_TAKING})
                      >= coalesce((SELECT team_capacity FROM registration_settings WHERE seasons_league_id = ?2), 1000000000) THEN 'waitlisted'
                    WHEN ?11 = 0 THEN 'free' WHEN ?12 = 1 THEN 'gym' ELSE 'held' END,
               ?11, ?13, ?12, ?14
             WHERE NOT EXISTS (SELECT 1 FROM registrations WHERE seasons_league_id = ?2 AND member_id = ?4 AND kind = ?3
               AND status IN ('held', 'paid', 'gym', 'free', 'waitlisted'))
             RETURNING id, status`,
          )
          .bind(
            org.id,
            form.seasons_league_id,
            input.kind,
            member.id,
            member.playerId,
            input.kind === 'team' ? input.teamName : null,
            input.kind === 'team' ? (input.colours ?? null) : null,
            JSON.stringify(kept),
            input.birthDate ?? null,
            input.kind === 'free_agent' ? (input.availability ?? null) : null,
            amount,
            input.payAtGym ? 1 : 0,
            org.currency,
            now + HOLD_MINUTES * 60_000,
          ),
        db
          .prepare(
            `INSERT INTO waiver_signatures (organization_id, registration_id, member_id, waiver_version, typed_name, signed_at, ip_address, user_agent)
             SELECT ?, last_insert_rowid(), ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ','now'), ?, ? WHERE changes() = 1 AND ? = 1`,
          )
          .bind(
            org.id,
            member.id,
            settings.waiverVersion,
            input.waiver?.name ?? '',
            c.req.header('CF-Connecting-IP') ?? c.req.header('X-Forwarded-For') ?? null,
            (c.req.header('User-Agent') ?? '').slice(0, 500),
            settings.waiverText ? 1 : 0,
          ),
      ])
      const made = inserted?.results?.[0]
      if (!made) throw new ApiError(409, 'You have already registered for this league')
      const entry = await entryOf(c, org.id, made.id)
      let checkoutUrl: string | null = null
      if (made.status === 'held') {
        try {
          checkoutUrl = await startCheckout(
            c,
            org,
            entry,
            `${form.league_name} (${form.season_name}): ${entry.team_name ?? `${member.firstName} ${member.lastName}`}`,
          )
        } catch (error) {
          // No checkout, no held place.
          await db.prepare(`UPDATE registrations SET status = 'released', held_until = NULL WHERE id = ?`).bind(entry.id).run()
          throw error
        }
      }
      return c.json({ registration: entryJson(await entryOf(c, org.id, made.id)), checkoutUrl }, 201)
    },
  )
  .get(
    '/member/registrations',
    answers('The member’s own registrations', {
      200: z.object({ registrations: z.array(registrationJson.extend({ leagueName: z.string(), seasonName: z.string() })) }),
    }),
    async (c) => {
      const member = await requireMember(c)
      const { results } = await d1(c)
        .prepare(
          `SELECT x.*, l.name AS league_name, s.name AS season_name FROM (${ENTRY_SELECT} WHERE r.member_id = ? AND r.organization_id = ?) x
           JOIN seasons_leagues sl ON sl.id = x.seasons_league_id JOIN leagues l ON l.id = sl.league_id JOIN seasons s ON s.id = sl.season_id
           ORDER BY x.id DESC`,
        )
        .bind(member.id, member.organizationId)
        .all<EntryRow & { league_name: string; season_name: string }>()
      return c.json({
        registrations: results.map((r) => ({ ...entryJson(r), leagueName: r.league_name, seasonName: r.season_name })),
      })
    },
  )
  .post(
    '/member/registrations/:entryId/checkout',
    answers('Pay a held registration (a waitlisted team let in): a new checkout address', {
      200: z.object({ checkoutUrl: z.string().nullable() }),
    }),
    validate('param', entryParam),
    async (c) => {
      const member = await requireMember(c)
      const org = await orgOf(c, member.organizationId)
      const entry = await entryOf(c, org.id, c.req.valid('param').entryId)
      if (entry.member_id !== member.id) throw forbidden()
      if (entry.status !== 'held') throw new ApiError(409, 'This registration has nothing to pay')
      const sl = await d1(c)
        .prepare(
          'SELECT l.name AS league_name, s.name AS season_name FROM seasons_leagues sl JOIN leagues l ON l.id = sl.league_id JOIN seasons s ON s.id = sl.season_id WHERE sl.id = ?',
        )
        .bind(entry.seasons_league_id)
        .first<{ league_name: string; season_name: string }>()
      const label = `${sl?.league_name} (${sl?.season_name}): ${entry.team_name ?? `${member.firstName} ${member.lastName}`}`
      return c.json({ checkoutUrl: await startCheckout(c, org, { ...entry, version: entry.version + Date.now() }, label) })
    },
  )
  .get(
    '/member/teams/:sltId/free-agents',
    answers('The free-agent pool of the captain’s league', { 200: z.object({ freeAgents: z.array(registrationJson) }) }),
    validate('param', z.object({ sltId: id })),
    async (c) => {
      const member = await requireMember(c)
      const slt = await captainOf(c, member, c.req.valid('param').sltId)
      return c.json({ freeAgents: (await freeAgentsOf(c, member.organizationId, slt.seasons_league_id)).map(entryJson) })
    },
  )
  .post(
    '/member/teams/:sltId/free-agents/:entryId',
    answers('A captain puts a free agent of the pool on their team; the player is e-mailed', {
      200: z.object({ registration: registrationJson }),
    }),
    validate('param', z.object({ sltId: id, entryId: id })),
    async (c) => {
      const member = await requireMember(c)
      const { sltId, entryId } = c.req.valid('param')
      return c.json({ registration: entryJson(await placeFreeAgent(c, member.organizationId, entryId, sltId, member)) })
    },
  )
  // ---- Stripe's webhook: the signature is its authority (docs/registration.md "Webhook") ----
  .post(
    '/stripe/webhook',
    answers('Stripe’s signed payment events (checkout.session.completed, .expired)', {
      200: z.object({ received: z.boolean(), duplicate: z.boolean().optional(), applied: z.boolean().optional() }),
    }),
    takeWebhook,
  )

async function captainOf(c: Context<AppEnv>, member: SessionMember, sltId: number) {
  const row = await d1(c)
    .prepare(
      `SELECT slt.id, slt.seasons_league_id, r.captain FROM seasons_leagues_teams slt
       LEFT JOIN rosters r ON r.seasons_league_team_id = slt.id AND r.player_id = ?
       WHERE slt.id = ? AND slt.organization_id = ?`,
    )
    .bind(member.playerId, sltId, member.organizationId)
    .first<{ id: number; seasons_league_id: number; captain: number | null }>()
  if (!row) throw notFound('Team')
  if (!row.captain) throw forbidden()
  return row
}

const freeAgentsStmt = (c: Context<AppEnv>, orgId: number, seasonsLeagueId: number) =>
  d1(c)
    .prepare(
      `${ENTRY_SELECT} WHERE r.organization_id = ? AND r.seasons_league_id = ? AND r.kind = 'free_agent' AND r.team_id IS NULL
       AND r.status IN ('paid', 'gym', 'free') ORDER BY r.id`,
    )
    .bind(orgId, seasonsLeagueId)

async function freeAgentsOf(c: Context<AppEnv>, orgId: number, seasonsLeagueId: number) {
  return (await freeAgentsStmt(c, orgId, seasonsLeagueId).all<EntryRow>()).results
}

async function placeFreeAgent(
  c: Context<AppEnv>,
  orgId: number,
  entryId: number,
  sltId: number,
  captain?: SessionMember,
): Promise<EntryRow> {
  const db = d1(c)
  // One trip: the entry, the team of the league, the organization (and the captain's place on that team).
  const [entryResult, sltResult, orgResult, captainResult] = await db.batch([
    entryStmt(c, orgId, entryId),
    db
      .prepare(
        `SELECT slt.id, slt.team_id, slt.seasons_league_id, t.name AS team_name, l.name AS league_name FROM seasons_leagues_teams slt
         JOIN teams t ON t.id = slt.team_id JOIN seasons_leagues sl ON sl.id = slt.seasons_league_id JOIN leagues l ON l.id = sl.league_id
         WHERE slt.id = ? AND slt.organization_id = ?`,
      )
      .bind(sltId, orgId),
    db.prepare(ORG_COLUMNS).bind(orgId),
    db
      .prepare('SELECT captain FROM rosters WHERE seasons_league_team_id = ? AND player_id = ? AND organization_id = ?')
      .bind(sltId, captain?.playerId ?? 0, orgId),
  ])
  const entry = first<EntryRow>(entryResult)
  const slt = first<{ id: number; team_id: number; seasons_league_id: number; team_name: string; league_name: string }>(sltResult)
  const org = first<OrgRow>(orgResult)
  if (captain) {
    if (!slt) throw notFound('Team')
    if (!first<{ captain: number }>(captainResult)?.captain) throw forbidden()
  }
  if (!entry || !org) throw notFound('Registration')
  if (entry.kind !== 'free_agent' || !CONFIRMED.includes(entry.status) || !entry.player_id)
    throw new ApiError(409, 'Only a confirmed free agent can be placed on a team')
  if (entry.team_id) throw new ApiError(409, 'This free agent is already on a team')
  if (!slt || slt.seasons_league_id !== entry.seasons_league_id)
    throw new ApiError(400, 'Choose a team of this league', { seasonsLeagueTeamId: 'Choose a team of this league' })
  const joined = await joinRoster(c.var.db, { orgId, playerId: entry.player_id, teamId: slt.team_id, sltId: slt.id })
  if (joined === 'full') throw new ApiError(409, 'The roster is full')
  const [, placedResult] = await db.batch([
    db.prepare('UPDATE registrations SET team_id = ? WHERE id = ? AND team_id IS NULL').bind(slt.team_id, entry.id),
    entryStmt(c, orgId, entry.id),
  ])
  await mailMember(c, org, entry, (t) => ({
    subject: t('server.mail.registration.placedSubject', { team: slt.team_name, organization: org.name }),
    paragraphs: [
      t('server.mail.registration.placedIntro', { team: slt.team_name, league: slt.league_name, organization: org.name }),
      { text: t('server.mail.registration.placedButton'), href: `${siteBase(c, org)}/member` },
    ],
  }))
  return first<EntryRow>(placedResult) ?? entry
}
