import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  existingRosterPlayer,
  idsBody,
  newRosterPlayer,
  newSeasonTeam,
  oneRosterPlayer,
  oneSeasonTeam,
  oneStanding,
  rosterList,
  seasonTeamEdit,
  seasonTeamList,
} from '../contract/seasons'
import { type Db, inOneTrip } from '../db/client'
import { expectVersion } from '../db/guards'
import { addToRoster, createPlayerOnRoster, getPlayer, removeFromRoster } from '../db/queries/players'
import { seasonLeagueRows, seasonRows } from '../db/queries/seasons'
import { plural } from '../db/queries/shared'
import {
  addTeamToSeasonLeague,
  gamesOfTeam,
  getSeasonLeagueTeam,
  getTeam,
  playedGamesOfTeam,
  removeTeamFromSeasonLeague,
  rosterOf,
  rosterQuery,
  seasonLeagueTeamRows,
  standings,
  teamRows,
  toRoster,
  updateTeam,
} from '../db/queries/teams'
import { at } from '../domain/at'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { discardImages, readForm, storeImage, writeWithImage } from '../lib/uploads'
import { id, parseWith, validate } from '../lib/validate'
import { publicHiddenName } from '../members/privacy'
import { readerOrgId, writerOrgId } from '../middleware/tenant'
import { seasonWithStandings } from './season-shared'

const teamsParam = z.object({ seasonId: id, leagueId: id })
const teamParam = z.object({ seasonId: id, leagueId: id, teamId: id })
const rosterParam = z.object({ seasonId: id, leagueId: id, teamId: id, playerId: id })
async function placeOf(c: Context<AppEnv>, orgId: number, seasonId: number, leagueId: number, teamId: number) {
  const place = await getSeasonLeagueTeam(c.var.db, orgId, seasonId, leagueId, teamId)
  if (!place) throw notFound('Team')
  return place
}

/** The writer's organization and the team's place named in the path (404 as placeOf). */
async function placeToWrite(c: Context<AppEnv>, path: { seasonId: number; leagueId: number; teamId: number }) {
  const orgId = writerOrgId(c)
  return { orgId, place: await placeOf(c, orgId, path.seasonId, path.leagueId, path.teamId) }
}

/** A team's place in a league of a season and its roster, as batchable statements (no place: 404 Team). */
function placeAndRosterQueries(
  db: Db,
  orgId: number,
  path: { seasonId: number; leagueId: number; teamId: number },
  hidden?: string,
) {
  return [
    seasonLeagueTeamRows(db, orgId, path.seasonId, path.leagueId, path.teamId),
    rosterQuery(db, orgId, path, hidden),
  ] as const
}

/** A team in a league of a season: its standing, roster and games, in one round trip. */
async function teamDetail(c: Context<AppEnv>, orgId: number, seasonId: number, leagueId: number, teamId: number) {
  // A hidden name stays hidden on the public site (docs/members.md "Privacy").
  const hidden = await publicHiddenName(c)
  const [[[place], roster], rows, games] = await inOneTrip(c.var.db, (db) =>
    Promise.all([
      db.batch(placeAndRosterQueries(db, orgId, { seasonId, leagueId, teamId }, hidden)),
      standings(db, orgId, seasonId, leagueId, hidden),
      gamesOfTeam(db, orgId, teamId, seasonId, leagueId),
    ]),
  )
  if (!place) throw notFound('Team')
  const row = rows.find((r) => r.id === teamId)
  return { ...row, version: place.teamVersion, players: toRoster(roster), games }
}

/**
 * The teams of a league in a season and their rosters (docs/reference/league-admin.md §7:
 * /api/seasonsv2/{seasonId}/leagues/{leagueId}/teams…), mounted on the seasons router.
 */
export const seasonTeams = new Hono<AppEnv>()
  .get(
    '/:seasonId/leagues/:leagueId/teams',
    answers("The league's teams in the season, in standings order", { 200: seasonTeamList }),
    validate('param', teamsParam),
    async (c) => {
      const { seasonId, leagueId } = c.req.valid('param')
      const inLeague = (db: Db, orgId: number) => seasonLeagueRows(db, orgId, seasonId, leagueId)
      const {
        list: [link],
        rows: teams,
      } = await seasonWithStandings(c, seasonId, inLeague, leagueId)
      if (!link) throw notFound('League')
      return c.json({ teams })
    },
  )
  .post(
    '/:seasonId/leagues/:leagueId/teams',
    answers('Add a team to the league, new or an existing one', { 201: oneStanding }),
    validate('param', teamsParam),
    validate('json', newSeasonTeam),
    async (c) => {
      const orgId = writerOrgId(c)
      const { seasonId, leagueId } = c.req.valid('param')
      const input = c.req.valid('json')
      const db = c.var.db
      // The checks in one round trip: the season, the league in it, and the team to copy (if any).
      const copyId = input.copyFromTeamId ?? -1
      const [[season], [link], [source], [already]] = await db.batch([
        seasonRows(db, orgId, seasonId),
        seasonLeagueRows(db, orgId, seasonId, leagueId),
        teamRows(db, orgId, copyId),
        seasonLeagueTeamRows(db, orgId, seasonId, leagueId, copyId),
      ])
      if (!season) throw notFound('Season')
      if (!link) throw notFound('League')
      let teamId: number
      if (input.copyFromTeamId) {
        if (!source) throw notFound('Team to copy')
        if (already) throw new ApiError(409, `${source.name} is already in this league`)
        teamId = await addTeamToSeasonLeague(c.var.db, orgId, link.id, leagueId, { copyFromTeamId: source.id })
      } else {
        teamId = await addTeamToSeasonLeague(c.var.db, orgId, link.id, leagueId, { name: input.name as string })
      }
      const team = (await standings(c.var.db, orgId, seasonId, leagueId)).find((t) => t.id === teamId)
      return c.json({ team }, 201)
    },
  )
  .post(
    '/:seasonId/leagues/:leagueId/teams/delete',
    answers('Take teams without played games out of the league', { 204: null }),
    validate('param', teamsParam),
    validate('json', idsBody),
    async (c) => {
      const orgId = writerOrgId(c)
      const { seasonId, leagueId } = c.req.valid('param')
      const { ids } = c.req.valid('json')
      const places = await Promise.all(ids.map((teamId) => placeOf(c, orgId, seasonId, leagueId, teamId)))
      for (const teamId of ids) await assertTeamRemovable(c, orgId, teamId, seasonId, leagueId)
      await removeTeamFromSeasonLeague(
        c.var.db,
        orgId,
        seasonId,
        leagueId,
        places.map((place, i) => ({ sltId: place.id, teamId: at(ids, i) })),
      )
      return c.body(null, 204)
    },
  )
  .get(
    '/:seasonId/leagues/:leagueId/teams/:teamId',
    answers('A team in the league: standing, roster and games', { 200: oneSeasonTeam }),
    validate('param', teamParam),
    async (c) => {
      const orgId = await readerOrgId(c)
      const { seasonId, leagueId, teamId } = c.req.valid('param')
      return c.json({ team: await teamDetail(c, orgId, seasonId, leagueId, teamId) })
    },
  )
  .put(
    '/:seasonId/leagues/:leagueId/teams/:teamId',
    answers(
      'Change a team: name, captain, logo (multipart)',
      { 200: oneSeasonTeam },
      { body: { schema: seasonTeamEdit, file: 'logo' } },
    ),
    validate('param', teamParam),
    async (c) => {
      const { seasonId, leagueId, teamId } = c.req.valid('param')
      const { orgId, place } = await placeToWrite(c, { seasonId, leagueId, teamId })
      const team = await getTeam(c.var.db, orgId, teamId)
      if (!team) throw notFound('Team')
      const { fields, file } = await readForm(c, 'logo')
      const input = parseWith(seasonTeamEdit, fields)
      let captainId: number | null | undefined
      if (input.captainId !== undefined) {
        captainId = input.captainId === '' ? null : input.captainId
        if (captainId !== null) {
          // The captain is one of the team's players in this league and season.
          const roster = await rosterOf(c.var.db, orgId, place.id)
          if (!roster.some((p) => p.id === captainId)) {
            throw new ApiError(400, 'The captain must be a player on this team', { captainId: 'Not on this team' })
          }
        }
      }
      expectVersion(c.var, { table: 'teams', orgId, id: teamId, version: input.version }, () =>
        teamDetail(c, orgId, seasonId, leagueId, teamId).catch(() => null),
      )
      const logoKey = file ? await storeImage(c, orgId, file, 'team', 'logo') : undefined
      await writeWithImage(c, logoKey, () =>
        updateTeam(c.var.db, orgId, teamId, {
          ...(input.name !== undefined && { name: input.name }),
          ...(captainId !== undefined && { captainId }),
          ...(logoKey && { logoKey }),
        }),
      )
      if (logoKey) discardImages(c, [team.logoKey])
      return c.json({ team: await teamDetail(c, orgId, seasonId, leagueId, teamId) })
    },
  )
  .delete(
    '/:seasonId/leagues/:leagueId/teams/:teamId',
    answers('Take a team without played games out of the league', { 204: null }),
    validate('param', teamParam),
    async (c) => {
      const { seasonId, leagueId, teamId } = c.req.valid('param')
      const { orgId, place } = await placeToWrite(c, { seasonId, leagueId, teamId })
      await assertTeamRemovable(c, orgId, teamId, seasonId, leagueId)
      await removeTeamFromSeasonLeague(c.var.db, orgId, seasonId, leagueId, [{ sltId: place.id, teamId }])
      return c.body(null, 204)
    },
  )
  .get(
    '/:seasonId/leagues/:leagueId/teams/:teamId/players',
    answers("The team's roster in the league", { 200: rosterList }),
    validate('param', teamParam),
    async (c) => {
      const orgId = await readerOrgId(c)
      const hidden = await publicHiddenName(c)
      const [[place], roster] = await c.var.db.batch(placeAndRosterQueries(c.var.db, orgId, c.req.valid('param'), hidden))
      if (!place) throw notFound('Team')
      return c.json({ players: toRoster(roster) })
    },
  )
  .post(
    '/:seasonId/leagues/:leagueId/teams/:teamId/players',
    answers(
      'Put a player on the roster: an existing one, or a new one (multipart)',
      { 201: oneRosterPlayer },
      { body: { schema: z.union([existingRosterPlayer, newRosterPlayer]), file: 'image' } },
    ),
    validate('param', teamParam),
    async (c) => {
      const { seasonId, leagueId, teamId } = c.req.valid('param')
      const { orgId, place } = await placeToWrite(c, { seasonId, leagueId, teamId })
      const { fields, file } = await readForm(c, 'image')
      const input = 'player_id' in fields ? parseWith(existingRosterPlayer, fields) : parseWith(newRosterPlayer, fields)
      if ('player_id' in input) {
        const player = await getPlayer(c.var.db, orgId, input.player_id)
        if (!player) throw notFound('Player')
        const added = await addToRoster(c.var.db, orgId, player.id, teamId, place.id)
        // docs/reference/league-admin.md §8: the screen turns this message into "Player already exists in this team".
        if (!added) throw new ApiError(409, 'Player already on this team')
        const roster = await rosterOf(c.var.db, orgId, place.id)
        return c.json({ player: roster.find((p) => p.id === player.id) }, 201)
      }
      const imageKey = file ? await storeImage(c, orgId, file, 'player', 'image') : null
      const created = await writeWithImage(c, imageKey, () =>
        createPlayerOnRoster(c.var.db, orgId, { ...input, imageKey }, teamId, place.id),
      )
      const roster = await rosterOf(c.var.db, orgId, place.id)
      return c.json({ player: roster.find((p) => p.id === created.id) }, 201)
    },
  )
  .delete(
    '/:seasonId/leagues/:leagueId/teams/:teamId/players/:playerId',
    answers('Take a player off the roster', { 204: null }),
    validate('param', rosterParam),
    async (c) => {
      const { seasonId, leagueId, teamId, playerId } = c.req.valid('param')
      const { orgId, place } = await placeToWrite(c, { seasonId, leagueId, teamId })
      if (!(await removeFromRoster(c.var.db, orgId, playerId, place.id))) throw notFound('Player')
      return c.body(null, 204)
    },
  )

async function assertTeamRemovable(c: Context<AppEnv>, orgId: number, teamId: number, seasonId?: number, leagueId?: number) {
  const team = await getTeam(c.var.db, orgId, teamId)
  if (!team) throw notFound('Team')
  const played = await playedGamesOfTeam(c.var.db, orgId, teamId, seasonId, leagueId)
  if (played > 0) throw new ApiError(409, `Cannot delete ${team.name}: it has ${plural(played, 'played game')}.`)
}
