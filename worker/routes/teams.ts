import { sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { oneTeam, teamList, teamOverview, teamPage } from '../contract/teams'
import { inOneTrip } from '../db/client'
import { noPlayedGameSince } from '../db/guards'
import { activeSeasonId, getLeague } from '../db/queries/seasons'
import { mediaUrl, plural } from '../db/queries/shared'
import {
  createTeam,
  currentPlaceOfTeam,
  deleteTeams,
  gamesOfTeam,
  getTeam,
  listTeams,
  placesOfTeam,
  playedGamesOfTeam,
  rosterQuery,
  teamJson,
  teamsPageQueries,
  teamWithCurrentPlaceRows,
  toRoster,
  updateTeam,
} from '../db/queries/teams'
import { games as gamesTable } from '../db/schema'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { isPaged, pageLimit, pageOffset, searchQuery, seasonParam } from '../lib/paging'
import { discardImages } from '../lib/uploads'
import { id, requiredText, sentFields, someChange, timeList, validate, versionField, versionOf } from '../lib/validate'
import { publicHiddenName } from '../members/privacy'
import { readerOrgId, writerOrgId } from '../middleware/tenant'
import { versionedRow } from './owned-row'
import { seasonPage } from './season-shared'

const teamBody = z.object({ name: requiredText('Team name', 120), leagueId: id.nullish() })
const teamChanges = someChange(
  z.object({
    version: versionField,
    name: requiredText('Team name', 120).optional(),
    leagueId: id.nullish(),
    // Schedule builder (docs/reference/league-admin.md Team list): times the team cannot play, "18:00, 19:00".
    unavailableSlots: timeList('Use times like 18:00').optional(),
  }),
)

/** The global list's optional season, search and page (worker/lib/paging.ts); none of them: every team. */
const teamListQuery = z.object({
  seasonId: seasonParam.optional(),
  q: searchQuery.optional(),
  limit: pageLimit().optional(),
  offset: pageOffset.optional(),
})

async function leagueOf(c: Context<AppEnv>, orgId: number, leagueId: number | null | undefined) {
  if (!leagueId) return null
  const league = await getLeague(c.var.db, orgId, leagueId)
  if (!league) throw notFound('League')
  return league
}

/** A team of the organization, whose current copy (on a stale edit) is its line of the global list. */
const teams = versionedRow('Team', getTeam, 'teams', async (db, orgId, teamId) =>
  (await listTeams(db, orgId)).find((t) => t.id === teamId),
)

/** The global team list and the schedule builder's team settings (docs/reference/league-admin.md "Global team list"). */
export const teamsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    answers('The global team list (a page when paged or searched)', { 200: z.union([teamPage, teamList]) }),
    validate('query', teamListQuery),
    async (c) => {
      const orgId = writerOrgId(c)
      if (!isPaged(c, ['seasonId', 'q', 'limit', 'offset'])) return c.json({ teams: await listTeams(c.var.db, orgId) })
      // A page (docs/decisions/2026-11-25-admin-paging.md): the season check, the page and the count in one round trip.
      const q = c.req.valid('query')
      const requested = typeof q.seasonId === 'number' ? q.seasonId : undefined
      const allSeasons = q.seasonId === undefined
      const { rows, paging } = await seasonPage(c, orgId, { ...q, requested, allSeasons }, (seasonId, page) =>
        teamsPageQueries(c.var.db, orgId, { seasonId, search: q.q }, page),
      )
      return c.json({ teams: rows.map(teamJson), ...paging })
    },
  )
  .get(
    '/teamsByLeague',
    answers("A league's teams", { 200: teamList }),
    validate('query', z.object({ leagueId: id })),
    async (c) => {
      const orgId = await readerOrgId(c)
      return c.json({ teams: await listTeams(c.var.db, orgId, c.req.valid('query').leagueId) })
    },
  )
  .post('/', answers('Create a team', { 201: oneTeam }), validate('json', teamBody), async (c) => {
    const orgId = writerOrgId(c)
    const input = c.req.valid('json')
    await leagueOf(c, orgId, input.leagueId)
    const created = await createTeam(c.var.db, orgId, input.name, input.leagueId ?? null)
    return c.json({ team: (await listTeams(c.var.db, orgId)).find((t) => t.id === created.id) }, 201)
  })
  .post(
    '/delete',
    answers('Delete teams without played games', { 204: null }),
    validate('json', z.object({ ids: z.array(id).min(1).max(500) })),
    async (c) => {
      const orgId = writerOrgId(c)
      const { ids } = c.req.valid('json')
      for (const teamId of ids) await assertDeletable(c, orgId, teamId)
      discardImages(
        c,
        (await deleteTeams(c.var.db, orgId, ids)).map((t) => t.logoKey),
      )
      return c.body(null, 204)
    },
  )
  .put(
    '/:id',
    answers('Change a team', { 200: oneTeam }),
    validate('param', z.object({ id })),
    validate('json', teamChanges),
    async (c) => {
      const input = c.req.valid('json')
      const { orgId, row: team } = await teams.toEdit(c, c.req.valid('param').id, input.version)
      if (input.leagueId !== undefined) await leagueOf(c, orgId, input.leagueId)
      await updateTeam(c.var.db, orgId, team.id, sentFields(input, ['name', 'leagueId', 'unavailableSlots']))
      return c.json({ team: (await listTeams(c.var.db, orgId)).find((t) => t.id === team.id) })
    },
  )
  .delete(
    '/:id',
    answers('Delete a team without played games', { 204: null }),
    validate('param', z.object({ id })),
    async (c) => {
      const orgId = writerOrgId(c)
      const teamId = c.req.valid('param').id
      await assertDeletable(c, orgId, teamId)
      // ?version= names the copy the delete was decided on: an edit made since is not deleted unseen.
      teams.expect(c, orgId, teamId, versionOf(c))
      // Decision: a deleted team's logo goes with it (after the delete commits); history keeps names, not logos.
      discardImages(
        c,
        (await deleteTeams(c.var.db, orgId, [teamId])).map((t) => t.logoKey),
      )
      return c.body(null, 204)
    },
  )

/** Decision: a team with played games is never deleted — its results belong to other teams too. */
async function assertDeletable(c: Context<AppEnv>, orgId: number, teamId: number) {
  const team = await teams.of(c, orgId, teamId)
  const played = await playedGamesOfTeam(c.var.db, orgId, teamId)
  if (played > 0) throw new ApiError(409, `Cannot delete ${team.name}: it has ${plural(played, 'played game')}.`)
  // The same rule inside the delete's own batch: a game scored after this check is never deleted.
  noPlayedGameSince(c.var, 'g.organization_id = ? AND (g.team1_id = ? OR g.team2_id = ?)', [orgId, teamId, teamId], team.name)
}

/** GET /api/teamsv2 (the organization's teams) and /api/teamsv2/{id} (the public team page). */
export const teamsV2 = new Hono<AppEnv>()
  .get('/', answers("The organization's teams", { 200: teamList }), async (c) =>
    c.json({ teams: await listTeams(c.var.db, await readerOrgId(c)) }),
  )
  .get(
    '/:id',
    answers("A team's public page: its place, roster and games", { 200: z.object({ team: teamOverview }) }),
    validate('param', z.object({ id })),
    validate('query', z.object({ seasonId: id.nullish() })),
    async (c) => {
      const orgId = await readerOrgId(c)
      const teamId = c.req.valid('param').id
      // The public page shows the team's current place (the active season's, else its latest), or
      // its place in the season asked for (docs/published-seasons.md): the team, its places and that
      // place's roster and games in one round trip.
      const seasonId = c.req.valid('query').seasonId
      const current = currentPlaceOfTeam(orgId, teamId, seasonId ? sql<number>`${seasonId}` : activeSeasonId(orgId))
      // A hidden name stays hidden on the public site (docs/members.md "Privacy").
      const hidden = await publicHiddenName(c)
      const [[[team], places, roster], games] = await inOneTrip(c.var.db, (db) =>
        Promise.all([
          db.batch([
            teamWithCurrentPlaceRows(db, orgId, teamId, current.place),
            placesOfTeam(db, orgId, teamId),
            rosterQuery(db, orgId, current.place, hidden),
          ]),
          // Without any place, every game of the team (as the page always showed).
          gamesOfTeam(
            db,
            orgId,
            teamId,
            sql<number>`coalesce(${current.seasonId}, ${gamesTable.seasonId})`,
            sql<number>`coalesce(${current.leagueId}, ${gamesTable.leagueId})`,
          ),
        ]),
      )
      if (!team) throw notFound('Team')
      const place = places.find((p) => p.sltId === team.currentSltId)
      const players = toRoster(roster)
      const captain = players.find((p) => p.id === team.captainId)
      return c.json({
        team: {
          id: team.id,
          name: team.name,
          logo: mediaUrl(team.logoKey),
          captain_id: team.captainId,
          captain: captain ? `${captain.firstName} ${captain.lastName}` : null,
          league: place ? { id: place.leagueId, name: place.leagueName } : null,
          season: place ? { id: place.seasonId, name: place.seasonName, active: place.active } : null,
          division: place?.divisionId ? { id: place.divisionId, name: place.divisionName } : null,
          rosters: players,
          players,
          games,
          places: places.map((p) => ({
            season: { id: p.seasonId, name: p.seasonName, active: p.active, published: p.published },
            league: { id: p.leagueId, name: p.leagueName },
          })),
        },
      })
    },
  )
