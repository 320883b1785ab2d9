// Team constraints (docs/venues.md "Team constraints"): a team's blackout dates (hard) and requests
// (soft), each with its reason. Staff and owners enter any team's of their organization; a captain
// enters their own team's through the member pages (another team's: 403).
import { and, asc, eq, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  captainTeamConstraints,
  oneTeamConstraints,
  type TeamConstraintsInput,
  teamConstraintsInput,
} from '../contract/team-constraints'
import { constraintRowsQuery, constraintsJson, constraintWrites, teamQuery } from '../db/queries/team-constraints'
import { games as gamesTable, rosters, seasonsLeagues, seasonsLeaguesTeams, teams, venues } from '../db/schema'
import type { AppEnv } from '../env'
import { ApiError, forbidden, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { id, idParam, validate } from '../lib/validate'
import { requireMember } from '../middleware/member-session'
import { actingOrganization } from '../middleware/tenant'

/** The team and its set, in one round trip; another organization's team is 404. */
async function readSet(c: Context<AppEnv>, orgId: number, teamId: number) {
  const db = c.var.db
  const [[team], rows] = await db.batch([teamQuery(db, orgId, teamId), constraintRowsQuery(db, orgId, [teamId])])
  if (!team) throw notFound('Team')
  return constraintsJson(team, rows)
}

/**
 * Saves the sent set whole, in one batch whose guards decide, inside the write, that the set still
 * has the revision the client read (else 409 with the current set) and that each preferred venue is
 * the organization's (else 400 on its field).
 */
async function saveSet(c: Context<AppEnv>, orgId: number, teamId: number, input: TeamConstraintsInput, memberId: number | null) {
  const db = c.var.db
  if (input.version !== undefined) {
    c.var.guards.add({
      changed: '(SELECT coalesce(max(id), 0) FROM team_constraints WHERE organization_id = ? AND team_id = ?) <> ?',
      params: [orgId, teamId, input.version],
      conflict: async () =>
        new ApiError(
          409,
          "This team's constraints were changed after you opened them. Review the current values and save again.",
          undefined,
          undefined,
          { current: await readSet(c, orgId, teamId) },
        ),
    })
  }
  input.requests.forEach((r, i) => {
    if (r.kind !== 'preferredVenue' || !r.venueId) return
    c.var.guards.add({
      changed: 'NOT EXISTS (SELECT 1 FROM venues WHERE id = ? AND organization_id = ?)',
      params: [r.venueId, orgId],
      conflict: async () => new ApiError(400, 'No such venue', { [`requests.${i}.venueId`]: 'No such venue' }),
    })
  })
  await db.batch(constraintWrites(db, orgId, teamId, input, memberId) as never)
  return readSet(c, orgId, teamId)
}

/** The member's team of a team place where they are a captain: 404 for no such place, 403 for anyone else. */
async function captainsTeam(c: Context<AppEnv>, sltId: number) {
  const member = await requireMember(c)
  const [place] = await c.var.db
    .select({ teamId: teams.id, captain: rosters.captain, seasonsLeagueId: seasonsLeaguesTeams.seasonsLeagueId })
    .from(seasonsLeaguesTeams)
    .innerJoin(teams, eq(teams.id, seasonsLeaguesTeams.teamId))
    .leftJoin(rosters, and(eq(rosters.seasonsLeagueTeamId, seasonsLeaguesTeams.id), eq(rosters.playerId, member.playerId)))
    .where(and(eq(seasonsLeaguesTeams.id, sltId), eq(seasonsLeaguesTeams.organizationId, member.organizationId)))
  if (!place) throw notFound('Team')
  if (!place.captain) throw forbidden()
  return { member, teamId: place.teamId, seasonsLeagueId: place.seasonsLeagueId }
}

/** The captain's read: the set, the venues by name, and whether the league has games yet; one round trip. */
async function readForCaptain(c: Context<AppEnv>, orgId: number, teamId: number, seasonsLeagueId: number) {
  const db = c.var.db
  const [[team], rows, venueRows, [games]] = await db.batch([
    teamQuery(db, orgId, teamId),
    constraintRowsQuery(db, orgId, [teamId]),
    db
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .where(eq(venues.organizationId, orgId))
      .orderBy(asc(venues.name)),
    db
      .select({ n: sql<number>`count(*)` })
      .from(gamesTable)
      .innerJoin(
        seasonsLeagues,
        and(eq(seasonsLeagues.seasonId, gamesTable.seasonId), eq(seasonsLeagues.leagueId, gamesTable.leagueId)),
      )
      .where(and(eq(gamesTable.organizationId, orgId), eq(seasonsLeagues.id, seasonsLeagueId))),
  ])
  if (!team) throw notFound('Team')
  return { constraints: constraintsJson(team, rows), venues: venueRows, scheduled: Number(games?.n ?? 0) > 0 }
}

const sltParam = z.object({ sltId: id })

export const teamConstraintRoutes = new Hono<AppEnv>()
  .get(
    '/teams/:id{[0-9]+}/constraints',
    answers("A team's blackout dates and requests", { 200: oneTeamConstraints }),
    validate('param', idParam),
    async (c) => {
      const orgId = await actingOrganization(c)
      return c.json({ constraints: await readSet(c, orgId, c.req.valid('param').id) })
    },
  )
  .put(
    '/teams/:id{[0-9]+}/constraints',
    answers("Save a team's blackout dates and requests (the whole set)", { 200: oneTeamConstraints }),
    validate('param', idParam),
    validate('json', teamConstraintsInput),
    async (c) => {
      const orgId = await actingOrganization(c)
      const teamId = c.req.valid('param').id
      const [team] = await teamQuery(c.var.db, orgId, teamId)
      if (!team) throw notFound('Team')
      return c.json({ constraints: await saveSet(c, orgId, teamId, c.req.valid('json'), null) })
    },
  )
  .get(
    '/member/teams/:sltId{[0-9]+}/constraints',
    answers("A captain's team: its blackout dates and requests, the venues to prefer, whether it is scheduled", {
      200: captainTeamConstraints,
    }),
    validate('param', sltParam),
    async (c) => {
      const { member, teamId, seasonsLeagueId } = await captainsTeam(c, c.req.valid('param').sltId)
      return c.json(await readForCaptain(c, member.organizationId, teamId, seasonsLeagueId))
    },
  )
  .put(
    '/member/teams/:sltId{[0-9]+}/constraints',
    answers("A captain saves their team's blackout dates and requests (the whole set)", { 200: oneTeamConstraints }),
    validate('param', sltParam),
    validate('json', teamConstraintsInput),
    async (c) => {
      const { member, teamId } = await captainsTeam(c, c.req.valid('param').sltId)
      return c.json({ constraints: await saveSet(c, member.organizationId, teamId, c.req.valid('json'), member.id) })
    },
  )
