// Captains, roster invites and availability (docs/members.md "Captains", "Roster invites",
// "Availability"). Staff mark captains on the dashboard roster; a captain runs their team's roster
// (e-mail invites, share links, removals) within the league's roster size and deadline; every rostered
// member answers In / Out / Maybe per game, on the site or from a signed e-mail link.
//
// The place counter and a share link's uses are checked and changed in the statements that write
// them (one D1 batch, worker/members/roster-places.ts), so two joins at once can never pass either.
import { and, eq, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { aliased } from '../db/queries/shared'
import {
  availability,
  games,
  leagues,
  members,
  organizations,
  players,
  rosterInvites,
  rosters,
  seasons,
  seasonsLeagues,
  seasonsLeaguesTeams,
  teams,
} from '../db/schema'
import { toLocal } from '../domain/zone'
import type { AppEnv, SessionMember } from '../env'
import { ApiError, forbidden, notFound } from '../lib/errors'
import { randomToken, sha256Hex } from '../lib/ids'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { sendMail } from '../mail/outbox'
import { ANSWERS, type Answer, answerLinkPurpose, availabilitySummary, toSummary } from '../members/availability'
import { joinRoster } from '../members/roster-places'
import { verifyLink } from '../members/signed-links'
import { normalEmail, siteBase } from '../members/site'
import { mailBody, mailLanguage, mailWords } from '../members/words'
import { requireMember, sessionMemberRows } from '../middleware/member-session'
import { publicOrg, requireUser, writerOrgId } from '../middleware/tenant'
import { SIGN_IN_LINK_SECONDS } from './members'

const nameField = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(60, `${what} is too long (at most 60 characters)`)
const emailField = z
  .string({ error: 'Enter an e-mail address' })
  .trim()
  .max(254, 'That e-mail address is too long')
  .pipe(z.email({ error: 'Enter a valid e-mail address' }))
  .transform(normalEmail)

const captainInput = z.object({ captain: z.boolean({ error: 'captain must be true or false' }) })
const inviteInput = z.object({ firstName: nameField('First name'), lastName: nameField('Last name'), email: emailField })
const linkInput = z.object({
  days: z
    .number({ error: 'A link lasts from 1 to 60 days' })
    .int('A link lasts from 1 to 60 days')
    .min(1, 'A link lasts from 1 to 60 days')
    .max(60, 'A link lasts from 1 to 60 days'),
  maxUses: z
    .number({ error: 'A link can be used from 1 to 100 times' })
    .int('A link can be used from 1 to 100 times')
    .min(1, 'A link can be used from 1 to 100 times')
    .max(100, 'A link can be used from 1 to 100 times'),
})
const tokenField = z.string({ error: 'This invite link is not valid' }).trim().min(20, 'This invite link is not valid').max(200)
const joinInput = z.object({
  token: tokenField,
  firstName: nameField('First name').optional(),
  lastName: nameField('Last name').optional(),
  email: emailField.optional(),
})
const answerInput = z.object({ answer: z.enum(ANSWERS, { error: 'Answer In, Out or Maybe' }) })
const signedAnswer = z.object({
  m: id,
  g: id,
  a: z.enum(ANSWERS, { error: 'Answer In, Out or Maybe' }),
  s: z.string().trim().min(10, 'This link is not valid').max(100),
})

const captainParam = z.object({ seasonId: id, leagueId: id, teamId: id, playerId: id })
const teamParam = z.object({ seasonId: id, leagueId: id, teamId: id })
const sltParam = z.object({ sltId: id })
const sltPlayerParam = z.object({ sltId: id, playerId: id })
const sltLinkParam = z.object({ sltId: id, linkId: id })
const gameParam = z.object({ gameId: id })

const counts = z.object({ in: z.number(), out: z.number(), maybe: z.number(), none: z.number() })
const personAnswer = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  answer: z.enum(ANSWERS).nullable(),
})
const captainsJson = z.object({ captains: z.array(z.number()) })
const linkJson = z.object({
  id: z.number(),
  expiresAt: z.number(),
  maxUses: z.number(),
  uses: z.number(),
  revoked: z.boolean(),
  active: z.boolean(),
})
const teamPageJson = z.object({
  team: z.object({
    seasonsLeagueTeamId: z.number(),
    teamId: z.number(),
    name: z.string(),
    leagueId: z.number(),
    leagueName: z.string(),
    seasonId: z.number(),
    seasonName: z.string(),
  }),
  rules: z.object({
    rosterSize: z.number().nullable(),
    rosterDeadline: z.string().nullable(),
    deadlinePassed: z.boolean(),
    placesLeft: z.number().nullable(),
  }),
  players: z.array(
    z.object({
      id: z.number(),
      firstName: z.string(),
      lastName: z.string(),
      captain: z.boolean(),
      state: z.enum(['joined', 'invited', 'none']),
      me: z.boolean(),
    }),
  ),
  links: z.array(linkJson),
  games: z.array(
    z.object({
      id: z.number(),
      date: z.string().nullable(),
      time: z.string().nullable(),
      opponent: z.string(),
      home: z.boolean(),
      counts,
    }),
  ),
})
const gameJson = z.object({
  game: z.object({
    id: z.number(),
    date: z.string().nullable(),
    time: z.string().nullable(),
    place: z.string().nullable(),
    status: z.string(),
    home: z.object({ id: z.number(), name: z.string() }),
    away: z.object({ id: z.number(), name: z.string() }),
    open: z.boolean(),
  }),
  answer: z.enum(ANSWERS).nullable(),
  captainOf: z.array(z.object({ teamId: z.number(), teamName: z.string(), counts, players: z.array(personAnswer) })),
})

/** A team's place in a league of a season, with the league's rules and the organization's zone (batchable). */
function placeQuery(db: AppEnv['Variables']['db'], orgId: number, sltId: number) {
  return db
    .select({
      // Aliased: a D1 batch answers rows keyed by column name, and these tables share `id` and `name`.
      sltId: aliased(seasonsLeaguesTeams.id, 'slt_id'),
      teamId: aliased(teams.id, 'team_id'),
      teamName: aliased(teams.name, 'team_name'),
      captainId: teams.captainId,
      leagueId: aliased(leagues.id, 'league_id'),
      leagueName: aliased(leagues.name, 'league_name'),
      seasonId: aliased(seasons.id, 'season_id'),
      seasonName: aliased(seasons.name, 'season_name'),
      rosterSize: leagues.rosterSize,
      rosterDeadline: leagues.rosterDeadline,
      timeZone: organizations.timeZone,
    })
    .from(seasonsLeaguesTeams)
    .innerJoin(teams, eq(teams.id, seasonsLeaguesTeams.teamId))
    .innerJoin(seasonsLeagues, eq(seasonsLeagues.id, seasonsLeaguesTeams.seasonsLeagueId))
    .innerJoin(leagues, eq(leagues.id, seasonsLeagues.leagueId))
    .innerJoin(seasons, eq(seasons.id, seasonsLeagues.seasonId))
    .innerJoin(organizations, eq(organizations.id, seasonsLeaguesTeams.organizationId))
    .where(and(eq(seasonsLeaguesTeams.id, sltId), eq(seasonsLeaguesTeams.organizationId, orgId)))
}

async function placeById(c: Context<AppEnv>, orgId: number, sltId: number) {
  const [place] = await placeQuery(c.var.db, orgId, sltId)
  if (!place) throw notFound('Team')
  return place
}
type Place = Awaited<ReturnType<typeof placeById>>

/** Whether the league's roster deadline (a local date) is behind us in the organization's zone. */
const deadlinePassed = (place: Pick<Place, 'rosterDeadline' | 'timeZone'>) =>
  place.rosterDeadline !== null && toLocal(Date.now(), place.timeZone).date > place.rosterDeadline

const DEADLINE_PASSED = 'The roster deadline has passed: the roster can no longer change'
const ROSTER_FULL = "This team's roster is full"

/** The member's team place where they are a captain; another team's (or not a captain): 403. One round trip. */
async function captainPlace(c: Context<AppEnv>, member: SessionMember, sltId: number) {
  const db = c.var.db
  const [[place], [mine]] = await db.batch([
    placeQuery(db, member.organizationId, sltId),
    db
      .select({ captain: rosters.captain })
      .from(rosters)
      .where(and(eq(rosters.seasonsLeagueTeamId, sltId), eq(rosters.playerId, member.playerId))),
  ])
  if (!place) throw notFound('Team')
  if (!mine?.captain) throw forbidden()
  return place
}

function assertOpen(place: Place) {
  if (deadlinePassed(place)) throw new ApiError(409, DEADLINE_PASSED)
}

/** The share links of a place, newest first (batchable). */
function linksQuery(db: AppEnv['Variables']['db'], sltId: number) {
  return db
    .select({
      id: rosterInvites.id,
      expiresAt: rosterInvites.expiresAt,
      maxUses: rosterInvites.maxUses,
      uses: rosterInvites.uses,
      revokedAt: rosterInvites.revokedAt,
    })
    .from(rosterInvites)
    .where(and(eq(rosterInvites.seasonsLeagueTeamId, sltId), eq(rosterInvites.kind, 'link')))
    .orderBy(sql`${rosterInvites.id} desc`)
}
const toLinks = (rows: Awaited<ReturnType<typeof linksQuery>>, now = Date.now()) =>
  rows.map((r) => ({
    id: r.id,
    expiresAt: r.expiresAt,
    maxUses: r.maxUses,
    uses: r.uses,
    revoked: r.revokedAt !== null,
    active: r.revokedAt === null && r.expiresAt > now && r.uses < r.maxUses,
  }))
async function linksOf(c: Context<AppEnv>, sltId: number) {
  return toLinks(await linksQuery(c.var.db, sltId))
}

/**
 * The captain's team page: roster with states (never an e-mail), links, coming games with answers
 * counted — the place, the captain check and every list in one D1 batch (one round trip); 404 / 403
 * as captainPlace.
 */
async function teamPage(c: Context<AppEnv>, member: SessionMember, sltId: number) {
  const db = c.var.db
  const [[place], [mine], roster, links] = await db.batch([
    placeQuery(db, member.organizationId, sltId),
    db
      .select({ captain: rosters.captain })
      .from(rosters)
      .where(and(eq(rosters.seasonsLeagueTeamId, sltId), eq(rosters.playerId, member.playerId))),
    db
      .select({
        id: players.id,
        firstName: players.firstName,
        lastName: players.lastName,
        captain: rosters.captain,
        joined: sql<number>`exists (select 1 from ${members} where ${members.playerId} = ${players.id})`,
        invited: sql<number>`exists (select 1 from ${rosterInvites} where ${rosterInvites.playerId} = ${players.id} and ${rosterInvites.seasonsLeagueTeamId} = ${sltId} and ${rosterInvites.kind} = 'email' and ${rosterInvites.revokedAt} is null)`,
      })
      .from(rosters)
      .innerJoin(players, eq(players.id, rosters.playerId))
      .where(and(eq(rosters.seasonsLeagueTeamId, sltId), eq(rosters.organizationId, member.organizationId)))
      .orderBy(players.lastName, players.firstName),
    linksQuery(db, sltId),
  ])
  if (!place) throw notFound('Team')
  if (!mine?.captain) throw forbidden()
  // A second trip: the coming games are a raw statement, which a drizzle batch cannot carry.
  const upcoming = await availabilitySummary(db, { orgId: member.organizationId, sltId, now: Date.now() })
  return {
    team: {
      seasonsLeagueTeamId: place.sltId,
      teamId: place.teamId,
      name: place.teamName,
      leagueId: place.leagueId,
      leagueName: place.leagueName,
      seasonId: place.seasonId,
      seasonName: place.seasonName,
    },
    rules: {
      rosterSize: place.rosterSize,
      rosterDeadline: place.rosterDeadline,
      deadlinePassed: deadlinePassed(place),
      placesLeft: place.rosterSize === null ? null : Math.max(0, place.rosterSize - roster.length),
    },
    players: roster.map((p) => ({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      captain: p.captain,
      state: p.joined ? ('joined' as const) : p.invited ? ('invited' as const) : ('none' as const),
      me: p.id === member.playerId,
    })),
    links: toLinks(links),
    games: toSummary(upcoming, place.teamId),
  }
}

/** The roster's captains (player ids) of a place. */
async function captainsOf(c: Context<AppEnv>, sltId: number) {
  const rows = await c.var.db
    .select({ id: rosters.playerId })
    .from(rosters)
    .where(and(eq(rosters.seasonsLeagueTeamId, sltId), eq(rosters.captain, true)))
  return rows.map((r) => r.id)
}

/** The place of the staff path (season, league, team of the writer's organization), or 404 Team. */
async function staffPlace(c: Context<AppEnv>, path: { seasonId: number; leagueId: number; teamId: number }) {
  const orgId = writerOrgId(c)
  const [row] = await c.var.db
    .select({ id: seasonsLeaguesTeams.id })
    .from(seasonsLeaguesTeams)
    .innerJoin(seasonsLeagues, eq(seasonsLeagues.id, seasonsLeaguesTeams.seasonsLeagueId))
    .where(
      and(
        eq(seasonsLeaguesTeams.organizationId, orgId),
        eq(seasonsLeagues.seasonId, path.seasonId),
        eq(seasonsLeagues.leagueId, path.leagueId),
        eq(seasonsLeaguesTeams.teamId, path.teamId),
      ),
    )
  if (!row) throw notFound('Team')
  return { orgId, sltId: row.id }
}

/** The organization of a member request, with what e-mails need. */
async function orgRow(c: Context<AppEnv>, orgId: number) {
  const [org] = await c.var.db.select().from(organizations).where(eq(organizations.id, orgId))
  if (!org) throw notFound('Organization')
  return org
}

/** A one-time sign-in link for an address (docs/members.md "Signing in"), as the e-mail carries it. */
async function signInLinkFor(c: Context<AppEnv>, org: { id: number; slug: string }, email: string) {
  const token = randomToken(32)
  await c.var.db.$client
    .prepare('INSERT INTO member_sign_in_links (token_hash, organization_id, email, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(token), org.id, email, Date.now() + SIGN_IN_LINK_SECONDS * 1000)
    .run()
  return { token, url: `${siteBase(c, org)}/member/sign-in#${token}` }
}

/** The player of the organization with this address, made (with the names given) when there is none. */
async function playerForEmail(c: Context<AppEnv>, orgId: number, input: { firstName: string; lastName: string; email: string }) {
  const d1 = c.var.db.$client
  // One statement: insert unless the address is already a player's (the unique index decides a race).
  await d1
    .prepare(
      'INSERT INTO players (organization_id, first_name, last_name, email) VALUES (?, ?, ?, ?) ON CONFLICT (organization_id, email) WHERE email IS NOT NULL DO NOTHING',
    )
    .bind(orgId, input.firstName, input.lastName, input.email)
    .run()
  const row = await d1
    .prepare('SELECT id FROM players WHERE organization_id = ? AND email = ?')
    .bind(orgId, input.email)
    .first<{ id: number }>()
  if (!row) throw new ApiError(409, 'That e-mail address could not be used. Please try again.')
  return row.id
}

/** A share link found by its token, in this organization. */
async function linkByToken(c: Context<AppEnv>, orgId: number, token: string) {
  const hash = await sha256Hex(token)
  const [link] = await c.var.db
    .select()
    .from(rosterInvites)
    .where(and(eq(rosterInvites.tokenHash, hash), eq(rosterInvites.organizationId, orgId), eq(rosterInvites.kind, 'link')))
  if (!link) throw new ApiError(404, 'This invite link is not valid')
  return link
}

/** Why a share link cannot be used now, as a refusal (410 Gone for a link that is over). */
function linkRefusal(link: { revokedAt: number | null; expiresAt: number; uses: number; maxUses: number }) {
  if (link.revokedAt !== null) return new ApiError(410, 'This invite link was withdrawn by the captain')
  if (link.expiresAt <= Date.now()) return new ApiError(410, 'This invite link has expired')
  if (link.uses >= link.maxUses) return new ApiError(410, 'This invite link has been used up')
  return null
}

/** A game of the organization with its teams' names and its place (batchable). */
function gameQuery(db: AppEnv['Variables']['db'], orgId: number, gameId: number) {
  return db
    .select({
      id: games.id,
      seasonId: games.seasonId,
      leagueId: games.leagueId,
      team1Id: games.team1Id,
      team2Id: games.team2Id,
      date: games.date,
      time: games.time,
      location: games.location,
      status: games.status,
      home: sql<string>`(select name from ${teams} where ${teams.id} = ${games.team1Id})`,
      away: sql<string>`(select name from ${teams} where ${teams.id} = ${games.team2Id})`,
      venue: sql<string | null>`(select name from venues where venues.id = ${games.venueId})`,
      court: sql<string | null>`(select name from courts where courts.id = ${games.courtId})`,
    })
    .from(games)
    .where(and(eq(games.id, gameId), eq(games.organizationId, orgId)))
}

/** A game of the organization the member takes part in (on a roster of one of its teams), else 404 / 403. */
async function memberGame(c: Context<AppEnv>, member: SessionMember, gameId: number) {
  const db = c.var.db
  const [[game], [place]] = await db.batch([
    gameQuery(db, member.organizationId, gameId),
    db
      .select({ sltId: rosters.seasonsLeagueTeamId })
      .from(rosters)
      .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
      .innerJoin(seasonsLeagues, eq(seasonsLeagues.id, seasonsLeaguesTeams.seasonsLeagueId))
      .innerJoin(
        games,
        and(
          eq(games.id, gameId),
          eq(games.seasonId, seasonsLeagues.seasonId),
          eq(games.leagueId, seasonsLeagues.leagueId),
          sql`${seasonsLeaguesTeams.teamId} in (${games.team1Id}, ${games.team2Id})`,
        ),
      )
      .where(eq(rosters.playerId, member.playerId))
      .limit(1),
  ])
  if (!game) throw notFound('Game')
  if (!place) throw forbidden()
  return { game }
}

const OPEN_STATUSES = new Set(['scheduled', 'postponed'])

async function saveAnswer(c: Context<AppEnv>, orgId: number, gameId: number, playerId: number, answer: Answer) {
  await c.var.db
    .insert(availability)
    .values({ organizationId: orgId, gameId, playerId, answer })
    .onConflictDoUpdate({
      target: [availability.gameId, availability.playerId],
      set: { answer, answeredAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` },
    })
}

/**
 * A game of the member's team as the member reads it, in one D1 batch: the game, and the rosters of
 * both its teams in its league and season with each player's answer. A member on neither roster: 403.
 * A captain also gets their team's answers, counted and named.
 */
async function gamePage(c: Context<AppEnv>, member: SessionMember, gameId: number) {
  const db = c.var.db
  const [[game], rows] = await db.batch([
    gameQuery(db, member.organizationId, gameId),
    db
      .select({
        sltId: rosters.seasonsLeagueTeamId,
        teamId: rosters.teamId,
        captain: rosters.captain,
        id: players.id,
        firstName: players.firstName,
        lastName: players.lastName,
        answer: availability.answer,
      })
      .from(rosters)
      .innerJoin(players, eq(players.id, rosters.playerId))
      .innerJoin(seasonsLeaguesTeams, eq(seasonsLeaguesTeams.id, rosters.seasonsLeagueTeamId))
      .innerJoin(seasonsLeagues, eq(seasonsLeagues.id, seasonsLeaguesTeams.seasonsLeagueId))
      .innerJoin(
        games,
        and(
          eq(games.id, gameId),
          eq(games.organizationId, member.organizationId),
          eq(games.seasonId, seasonsLeagues.seasonId),
          eq(games.leagueId, seasonsLeagues.leagueId),
          sql`${seasonsLeaguesTeams.teamId} in (${games.team1Id}, ${games.team2Id})`,
        ),
      )
      .leftJoin(availability, and(eq(availability.playerId, players.id), eq(availability.gameId, gameId)))
      .orderBy(players.lastName, players.firstName),
  ])
  if (!game) throw notFound('Game')
  const own = rows.filter((r) => r.id === member.playerId)
  // A member of neither team (another team of the league, or of none): refused.
  if (own.length === 0) throw forbidden()
  const captainOf = own
    .filter((r) => r.captain)
    .map((place) => {
      const people = rows.filter((r) => r.sltId === place.sltId)
      const tally = { in: 0, out: 0, maybe: 0, none: 0 }
      for (const r of people) tally[r.answer ?? 'none']++
      return {
        teamId: place.teamId,
        teamName: place.teamId === game.team1Id ? game.home : game.away,
        counts: tally,
        players: people.map((r) => ({ id: r.id, firstName: r.firstName, lastName: r.lastName, answer: r.answer ?? null })),
      }
    })
  const place = game.venue ? (game.court ? `${game.venue}, ${game.court}` : game.venue) : game.location || null
  return {
    game: {
      id: game.id,
      date: game.date,
      time: game.time,
      place,
      status: game.status ?? 'scheduled',
      home: { id: game.team1Id, name: game.home },
      away: { id: game.team2Id, name: game.away },
      open: OPEN_STATUSES.has(game.status ?? 'scheduled'),
    },
    answer: own[0]?.answer ?? null,
    captainOf,
  }
}

/** A signed answer link's member, checked: the signature, the organization named, the member's place in the game. */
async function signedMember(c: Context<AppEnv>, input: z.output<typeof signedAnswer>) {
  const org = await publicOrg(c)
  const ok = await verifyLink(c.env, answerLinkPurpose, [org.id, input.m, input.g, input.a], input.s)
  if (!ok) throw new ApiError(403, 'This link is not valid')
  const [member] = await sessionMemberRows(c.var.db, and(eq(members.id, input.m), eq(members.organizationId, org.id)))
  if (!member) throw new ApiError(403, 'This link is not valid')
  return member satisfies SessionMember
}

export const teamMemberRoutes = new Hono<AppEnv>()
  // ---- staff: captains on the dashboard roster ----
  .get(
    '/seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId/captains',
    answers("The roster's captains (player ids): members with captain rights on this roster", { 200: captainsJson }),
    validate('param', teamParam),
    async (c) => {
      requireUser(c)
      const { sltId } = await staffPlace(c, c.req.valid('param'))
      return c.json({ captains: await captainsOf(c, sltId) })
    },
  )
  .put(
    '/seasonsv2/:seasonId/leagues/:leagueId/teams/:teamId/players/:playerId/captain',
    answers("Mark or unmark a rostered player as one of the team's captains (a team without a display captain gets this one)", {
      200: captainsJson,
    }),
    validate('param', captainParam),
    validate('json', captainInput),
    async (c) => {
      const { playerId, teamId, ...path } = c.req.valid('param')
      const { orgId, sltId } = await staffPlace(c, { ...path, teamId })
      const { captain } = c.req.valid('json')
      const d1 = c.var.db.$client
      // docs/decisions/2026-11-28-captains.md: a roster captain fills an empty display captain.
      const [marked] = await d1.batch<{ id: number }>([
        d1
          .prepare(
            'UPDATE rosters SET captain = ? WHERE organization_id = ? AND seasons_league_team_id = ? AND player_id = ? RETURNING id',
          )
          .bind(captain ? 1 : 0, orgId, sltId, playerId),
        d1
          .prepare(
            'UPDATE teams SET captain_id = ? WHERE id = ? AND organization_id = ? AND captain_id IS NULL AND ? = 1 AND EXISTS (SELECT 1 FROM rosters WHERE seasons_league_team_id = ? AND player_id = ?)',
          )
          .bind(playerId, teamId, orgId, captain ? 1 : 0, sltId, playerId),
      ])
      if (!marked?.results?.length) throw notFound('Player')
      return c.json({ captains: await captainsOf(c, sltId) })
    },
  )

  // ---- a captain's team page ----
  .get(
    '/member/teams/:sltId',
    answers("A captain's team: roster with each player's state, share links, upcoming games with answers", {
      200: teamPageJson,
    }),
    validate('param', sltParam),
    async (c) => {
      const member = await requireMember(c)
      return c.json(await teamPage(c, member, c.req.valid('param').sltId))
    },
  )
  .post(
    '/member/teams/:sltId/invites',
    answers('Invite a player by e-mail: rostered at once (within the roster size and deadline) and e-mailed a sign-in link', {
      201: teamPageJson,
    }),
    validate('param', sltParam),
    validate('json', inviteInput),
    async (c) => {
      const member = await requireMember(c)
      const place = await captainPlace(c, member, c.req.valid('param').sltId)
      assertOpen(place)
      const input = c.req.valid('json')
      const org = await orgRow(c, member.organizationId)
      const playerId = await playerForEmail(c, org.id, input)
      const joined = await joinRoster(c.var.db, { orgId: org.id, playerId, teamId: place.teamId, sltId: place.sltId })
      if (joined === 'full') throw new ApiError(409, ROSTER_FULL)
      if (joined === 'already') throw new ApiError(409, 'Player already on this team')
      const { token, url } = await signInLinkFor(c, org, input.email)
      await c.var.db.insert(rosterInvites).values({
        organizationId: org.id,
        seasonsLeagueTeamId: place.sltId,
        kind: 'email',
        email: input.email,
        playerId,
        tokenHash: await sha256Hex(`invite:${token}`),
        expiresAt: Date.now() + SIGN_IN_LINK_SECONDS * 1000,
        createdBy: `member:${member.id}`,
      })
      const [invited] = await c.var.db.select({ language: members.language }).from(members).where(eq(members.playerId, playerId))
      const language = mailLanguage(org, invited?.language)
      const { t } = await mailWords(c.env, language)
      const inviter = `${member.firstName} ${member.lastName}`
      await sendMail(c.var.db, c.env, {
        organizationId: org.id,
        to: input.email,
        language,
        subject: t('server.mail.team.inviteSubject', { team: place.teamName, organization: org.name }),
        headers: { 'X-Courtside-Kind': 'invite' },
        ...mailBody([
          t('server.mail.team.inviteIntro', {
            name: inviter,
            team: place.teamName,
            league: place.leagueName,
            organization: org.name,
          }),
          { text: t('server.mail.team.inviteButton'), href: url },
          t('server.mail.team.inviteLater', { address: `${siteBase(c, org)}/member/sign-in` }),
        ]),
      })
      return c.json(await teamPage(c, member, place.sltId), 201)
    },
  )
  .post(
    '/member/teams/:sltId/links',
    answers('Make a share link to join the team (expiring, limited uses); its address is shown once', {
      201: z.object({ link: linkJson, url: z.string() }),
    }),
    validate('param', sltParam),
    validate('json', linkInput),
    async (c) => {
      const member = await requireMember(c)
      const place = await captainPlace(c, member, c.req.valid('param').sltId)
      assertOpen(place)
      const { days, maxUses } = c.req.valid('json')
      const org = await orgRow(c, member.organizationId)
      // 256 random bits; only the SHA-256 is kept (docs/members.md "Roster invites").
      const token = randomToken(32)
      const [row] = await c.var.db
        .insert(rosterInvites)
        .values({
          organizationId: org.id,
          seasonsLeagueTeamId: place.sltId,
          kind: 'link',
          tokenHash: await sha256Hex(token),
          maxUses,
          expiresAt: Date.now() + days * 86_400_000,
          createdBy: `member:${member.id}`,
        })
        .returning({ id: rosterInvites.id })
      const link = (await linksOf(c, place.sltId)).find((l) => l.id === row?.id)
      return c.json({ link: link as z.output<typeof linkJson>, url: `${siteBase(c, org)}/join/${token}` }, 201)
    },
  )
  .delete(
    '/member/teams/:sltId/links/:linkId',
    answers('Withdraw a share link: it can no longer be used', { 204: null }),
    validate('param', sltLinkParam),
    async (c) => {
      const member = await requireMember(c)
      const { sltId, linkId } = c.req.valid('param')
      await captainPlace(c, member, sltId)
      const revoked = await c.var.db
        .update(rosterInvites)
        .set({ revokedAt: sql`coalesce(${rosterInvites.revokedAt}, ${Date.now()})` })
        .where(and(eq(rosterInvites.id, linkId), eq(rosterInvites.seasonsLeagueTeamId, sltId), eq(rosterInvites.kind, 'link')))
        .returning({ id: rosterInvites.id })
      if (revoked.length === 0) throw notFound('Invite link')
      return c.body(null, 204)
    },
  )
  .delete(
    '/member/teams/:sltId/players/:playerId',
    answers("Take a player off the captain's roster (before the roster deadline)", { 204: null }),
    validate('param', sltPlayerParam),
    async (c) => {
      const member = await requireMember(c)
      const { sltId, playerId } = c.req.valid('param')
      const place = await captainPlace(c, member, sltId)
      assertOpen(place)
      const removed = await c.var.db
        .delete(rosters)
        .where(and(eq(rosters.seasonsLeagueTeamId, sltId), eq(rosters.playerId, playerId)))
        .returning({ id: rosters.id })
      if (removed.length === 0) throw notFound('Player')
      // A pending e-mail invite of that player to this team is over too.
      await c.var.db
        .update(rosterInvites)
        .set({ revokedAt: Date.now() })
        .where(
          and(
            eq(rosterInvites.seasonsLeagueTeamId, sltId),
            eq(rosterInvites.playerId, playerId),
            sql`${rosterInvites.revokedAt} is null`,
          ),
        )
      return c.body(null, 204)
    },
  )

  // ---- joining by share link ----
  .post(
    '/member/join-link',
    answers("What a share link invites to (its team, league and season), or why it can't be used", {
      200: z.object({ team: z.string(), league: z.string(), season: z.string(), organization: z.string() }),
    }),
    validate('json', z.object({ token: tokenField })),
    async (c) => {
      const org = await publicOrg(c)
      const link = await linkByToken(c, org.id, c.req.valid('json').token)
      const refusal = linkRefusal(link)
      if (refusal) throw refusal
      const place = await placeById(c, org.id, link.seasonsLeagueTeamId)
      return c.json({ team: place.teamName, league: place.leagueName, season: place.seasonName, organization: org.name })
    },
  )
  .post(
    '/member/join',
    answers(
      'Join a team by share link: a signed-in member joins at once; a visitor gives a name and e-mail and is e-mailed a sign-in link',
      { 200: z.object({ joined: z.boolean(), message: z.string() }) },
    ),
    validate('json', joinInput),
    async (c) => {
      const org = await publicOrg(c)
      const input = c.req.valid('json')
      const link = await linkByToken(c, org.id, input.token)
      const refusal = linkRefusal(link)
      if (refusal) throw refusal
      const place = await placeById(c, org.id, link.seasonsLeagueTeamId)
      assertOpen(place)
      const signedIn = c.var.member && c.var.member.organizationId === org.id ? c.var.member : null
      let playerId: number
      let email: string | null = null
      if (signedIn) playerId = signedIn.playerId
      else {
        const fields: Record<string, string> = {}
        if (!input.firstName) fields.firstName = 'First name is required'
        if (!input.lastName) fields.lastName = 'Last name is required'
        if (!input.email) fields.email = 'Enter an e-mail address'
        if (Object.keys(fields).length > 0) throw new ApiError(400, 'Please fill in your name and e-mail', fields)
        email = input.email as string
        playerId = await playerForEmail(c, org.id, {
          firstName: input.firstName as string,
          lastName: input.lastName as string,
          email,
        })
      }
      const joined = await joinRoster(c.var.db, {
        orgId: org.id,
        playerId,
        teamId: place.teamId,
        sltId: place.sltId,
        linkId: link.id,
      })
      if (joined === 'full') throw new ApiError(409, ROSTER_FULL)
      if (joined === 'link') {
        const [now] = await c.var.db.select().from(rosterInvites).where(eq(rosterInvites.id, link.id))
        throw (now && linkRefusal(now)) ?? new ApiError(410, 'This invite link has been used up')
      }
      if (email) {
        const { url } = await signInLinkFor(c, org, email)
        const language = mailLanguage(org, null)
        const { t } = await mailWords(c.env, language)
        await sendMail(c.var.db, c.env, {
          organizationId: org.id,
          to: email,
          language,
          subject: t('server.mail.team.joinedSubject', { team: place.teamName, organization: org.name }),
          headers: { 'X-Courtside-Kind': 'invite' },
          ...mailBody([
            t('server.mail.team.joinedIntro', { team: place.teamName, league: place.leagueName, organization: org.name }),
            { text: t('server.mail.team.inviteButton'), href: url },
            t('server.mail.team.inviteLater', { address: `${siteBase(c, org)}/member/sign-in` }),
          ]),
        })
        return c.json({ joined: true, message: 'You are on the team. We e-mailed you a link to sign in.' })
      }
      return c.json({ joined: true, message: 'You are on the team.' })
    },
  )

  // ---- availability ----
  .get(
    '/member/games/:gameId',
    answers("A game of the member's team: the member's answer, and for a captain the team's answers", { 200: gameJson }),
    validate('param', gameParam),
    async (c) => {
      const member = await requireMember(c)
      return c.json(await gamePage(c, member, c.req.valid('param').gameId))
    },
  )
  .put(
    '/member/games/:gameId/availability',
    answers('Answer In, Out or Maybe for a game of one of the member’s teams', { 200: gameJson }),
    validate('param', gameParam),
    validate('json', answerInput),
    async (c) => {
      const member = await requireMember(c)
      const gameId = c.req.valid('param').gameId
      const { game } = await memberGame(c, member, gameId)
      if (!OPEN_STATUSES.has(game.status ?? 'scheduled')) throw new ApiError(409, 'This game is no longer open for answers')
      await saveAnswer(c, member.organizationId, gameId, member.playerId, c.req.valid('json').answer)
      return c.json(await gamePage(c, member, gameId))
    },
  )
  .post(
    '/member/answer/preview',
    answers('What a signed answer link (from a reminder e-mail) would record: the game and the answer; changes nothing', {
      200: z.object({ game: gameJson.shape.game, answer: z.enum(ANSWERS).nullable(), proposed: z.enum(ANSWERS) }),
    }),
    validate('json', signedAnswer),
    async (c) => {
      const input = c.req.valid('json')
      const member = await signedMember(c, input)
      const page = await gamePage(c, member, input.g)
      return c.json({ game: page.game, answer: page.answer, proposed: input.a })
    },
  )
  .post(
    '/member/answer',
    answers('Record the answer of a signed answer link (from a reminder e-mail) without signing in', {
      200: z.object({ game: gameJson.shape.game, answer: z.enum(ANSWERS).nullable(), proposed: z.enum(ANSWERS) }),
    }),
    validate('json', signedAnswer),
    async (c) => {
      const input = c.req.valid('json')
      const member = await signedMember(c, input)
      const { game } = await memberGame(c, member, input.g)
      if (!OPEN_STATUSES.has(game.status ?? 'scheduled')) throw new ApiError(409, 'This game is no longer open for answers')
      await saveAnswer(c, member.organizationId, input.g, member.playerId, input.a)
      const page = await gamePage(c, member, input.g)
      return c.json({ game: page.game, answer: page.answer, proposed: input.a })
    },
  )
