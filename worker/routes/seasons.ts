import { type Context, Hono } from 'hono'
import { z } from 'zod'
import { inOneTrip } from '../db/client'
import { expectVersion, noPlayedGameSince } from '../db/guards'
import { createDivision, listDivisions, reorderDivisions } from '../db/queries/divisions'
import { sportsByOrganization } from '../db/queries/organizations'
import { addToRoster, createPlayerOnRoster, getPlayer, removeFromRoster } from '../db/queries/players'
import {
  addSeasonLeague,
  createSeason,
  deleteSeasons,
  getSeason,
  getSeasonJson,
  getSeasonLeague,
  listSeasonLeagues,
  listSeasons,
  playedGamesBySeason,
  playedGamesInSeasonLeagues,
  removeSeasonLeague,
  renameLeague,
  reorderSeasonLeagues,
  seasonLeagueRows,
  seasonLeaguesQuery,
  seasonRows,
  toSeasonLeagues,
  updateSeason,
} from '../db/queries/seasons'
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
import { discardImages, readForm, storeImage, writeWithImage } from '../lib/uploads'
import {
  id,
  isoDate,
  optionalName,
  parseWith,
  requiredText,
  someChange,
  validate,
  versionField,
  versionOf,
} from '../lib/validate'
import { namesTenant, readerOrgId, requireUser, writerOrgId } from '../middleware/tenant'

const name = (what: string) => requiredText(`${what} name`)

const seasonBody = z
  .object({
    name: name('Season'),
    startDate: isoDate.nullish(),
    finishDate: isoDate.nullish(),
    active: z.boolean().default(false),
    // null or absent: not published ahead (docs/published-seasons.md).
    published: z.boolean().nullish(),
    sport_id: id.nullish(),
  })
  .refine((s) => !s.startDate || !s.finishDate || s.startDate <= s.finishDate, {
    message: 'Finish must not be before start',
    path: ['finishDate'],
  })
const seasonChanges = someChange(
  z.object({
    version: versionField,
    name: name('Season').optional(),
    startDate: isoDate.nullish(),
    finishDate: isoDate.nullish(),
    active: z.boolean().optional(),
    published: z.boolean().nullish(),
    sport_id: id.nullish(),
  }),
)
const idsBody = z.object({ ids: z.array(id).min(1, 'Select at least one').max(500) })
const seasonParam = z.object({ id })
const leagueParam = z.object({ id, leagueId: id })
const teamsParam = z.object({ seasonId: id, leagueId: id })
const teamParam = z.object({ seasonId: id, leagueId: id, teamId: id })
const rosterParam = z.object({ seasonId: id, leagueId: id, teamId: id, playerId: id })
const newLeague = z.object({
  name: optionalName('League name'),
  season_id: id.optional(),
  copyFromSeasonId: id.nullish(),
  copyFromLeagueId: id.nullish(),
})
const leagueOrder = z.object({
  orderedLeagues: z.array(z.object({ id, position: z.number().int().min(0).max(10_000) })).max(500),
})
const divisionOrder = z.object({
  orderedDivisions: z.array(z.object({ id, position: z.number().int().min(0).max(10_000) })).max(500),
})
const newTeam = z
  .object({ name: optionalName('Team name'), copyFromTeamId: id.nullish() })
  .refine((t) => Boolean(t.copyFromTeamId) || Boolean(t.name), {
    message: 'Please enter a team name or select an existing team',
    path: ['name'],
  })
const teamEdit = z.object({
  version: versionField,
  name: name('Team').optional(),
  captainId: z.union([id, z.literal(''), z.null()]).optional(),
})
const existingPlayer = z.object({ player_id: id })
const newPlayer = z.object({ firstName: requiredText('First name', 60), lastName: requiredText('Last name', 60) })

/** The season of the tenant, or 404 — another organization's season answers the same. */
async function seasonOf(c: Context<AppEnv>, orgId: number, seasonId: number) {
  const season = await getSeason(c.var.db, orgId, seasonId)
  if (!season) throw notFound('Season')
  return season
}

async function placeOf(c: Context<AppEnv>, orgId: number, seasonId: number, leagueId: number, teamId: number) {
  const place = await getSeasonLeagueTeam(c.var.db, orgId, seasonId, leagueId, teamId)
  if (!place) throw notFound('Team')
  return place
}

/** A team in a league of a season: its standing, roster and games, in one round trip. */
async function teamDetail(c: Context<AppEnv>, orgId: number, seasonId: number, leagueId: number, teamId: number) {
  const [[[place], roster], rows, games] = await inOneTrip(c.var.db, (db) =>
    Promise.all([
      db.batch([
        seasonLeagueTeamRows(db, orgId, seasonId, leagueId, teamId),
        rosterQuery(db, orgId, { seasonId, leagueId, teamId }),
      ]),
      standings(db, orgId, seasonId, leagueId),
      gamesOfTeam(db, orgId, teamId, seasonId, leagueId),
    ]),
  )
  if (!place) throw notFound('Team')
  const row = rows.find((r) => r.id === teamId)
  return { ...row, version: place.teamVersion, players: toRoster(roster), games }
}

export const seasonsV2 = new Hono<AppEnv>()
  .get('/', async (c) => {
    // A super admin on the dashboard sees every organization's seasons (docs/reference/league-admin.md Seasons page).
    const everyone = !namesTenant(c) && c.var.user?.role === 'super_admin' && !c.req.query('organization_id')
    const orgId = everyone ? null : await readerOrgId(c)
    return c.json({ seasons: await listSeasons(c.var.db, orgId) })
  })
  .post('/', validate('json', seasonBody), async (c) => {
    const orgId = writerOrgId(c)
    const input = c.req.valid('json')
    const orgSports = (await sportsByOrganization(c.var.db, [orgId])).get(orgId) ?? []
    // docs/reference/league-admin.md §5: a season takes the user's sport; here, any sport of the organization.
    const sportId = input.sport_id ?? orgSports[0]?.id ?? null
    if (sportId === null || !orgSports.some((s) => s.id === sportId)) {
      throw new ApiError(400, 'No sport assigned to this user', { sport_id: 'No sport assigned to this user' })
    }
    const seasonId = await createSeason(c.var.db, orgId, {
      name: input.name,
      startDate: input.startDate ?? null,
      finishDate: input.finishDate ?? null,
      active: input.active,
      published: input.published ?? false,
      sportId,
    })
    return c.json({ season: await getSeasonJson(c.var.db, orgId, seasonId) }, 201)
  })
  .post('/delete', validate('json', idsBody), async (c) => {
    const orgId = writerOrgId(c)
    const { ids } = c.req.valid('json')
    await assertSeasonsDeletable(c, orgId, ids)
    await deleteSeasons(c.var.db, orgId, ids)
    return c.body(null, 204)
  })
  .get('/:id', validate('param', seasonParam), async (c) => {
    const orgId = await readerOrgId(c)
    const season = await getSeasonJson(c.var.db, orgId, c.req.valid('param').id)
    if (!season) throw notFound('Season')
    return c.json({ season })
  })
  .put('/:id', validate('param', seasonParam), validate('json', seasonChanges), async (c) => {
    const orgId = writerOrgId(c)
    const season = await seasonOf(c, orgId, c.req.valid('param').id)
    const input = c.req.valid('json')
    const startDate = input.startDate === undefined ? season.startDate : input.startDate
    const finishDate = input.finishDate === undefined ? season.finishDate : input.finishDate
    if (startDate && finishDate && startDate > finishDate) {
      throw new ApiError(400, 'Finish must not be before start', { finishDate: 'Finish must not be before start' })
    }
    expectVersion(c.var, { table: 'seasons', orgId, id: season.id, version: input.version }, () =>
      getSeasonJson(c.var.db, orgId, season.id),
    )
    await updateSeason(
      c.var.db,
      orgId,
      season.id,
      {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.startDate !== undefined && { startDate: input.startDate }),
        ...(input.finishDate !== undefined && { finishDate: input.finishDate }),
        ...(input.active !== undefined && { active: input.active }),
        ...(input.published !== undefined && input.published !== null && { published: input.published }),
      },
      season.sportId,
    )
    return c.json({ season: await getSeasonJson(c.var.db, orgId, season.id) })
  })
  .delete('/:id', validate('param', seasonParam), async (c) => {
    const orgId = writerOrgId(c)
    const { id: seasonId } = c.req.valid('param')
    await seasonOf(c, orgId, seasonId)
    await assertSeasonsDeletable(c, orgId, [seasonId])
    expectVersion(c.var, { table: 'seasons', orgId, id: seasonId, version: versionOf(c) }, () =>
      getSeasonJson(c.var.db, orgId, seasonId),
    )
    await deleteSeasons(c.var.db, orgId, [seasonId])
    return c.body(null, 204)
  })

  // ---- leagues of a season ----
  .get('/:id/leagues', validate('param', seasonParam), async (c) => {
    const orgId = await readerOrgId(c)
    const seasonId = c.req.valid('param').id
    const [[season], rows] = await c.var.db.batch([
      seasonRows(c.var.db, orgId, seasonId),
      seasonLeaguesQuery(c.var.db, orgId, seasonId),
    ])
    if (!season) throw notFound('Season')
    return c.json({ leagues: toSeasonLeagues(rows) })
  })
  .get('/:id/leagues-with-teams-public', validate('param', seasonParam), async (c) => {
    const orgId = await readerOrgId(c)
    const seasonId = c.req.valid('param').id
    // One round trip: the season, its leagues and the standings (empty when there is no such season).
    const [[[season], leagueRows], rows] = await inOneTrip(c.var.db, (db) =>
      Promise.all([
        db.batch([seasonRows(db, orgId, seasonId), seasonLeaguesQuery(db, orgId, seasonId)]),
        standings(db, orgId, seasonId),
      ]),
    )
    if (!season) throw notFound('Season')
    const leagues = toSeasonLeagues(leagueRows)
    return c.json({
      season: { id: season.id, name: season.name, active: season.active },
      leagues: leagues.map((l) => ({ ...l, teams: rows.filter((r) => r.leagueId === l.id) })),
    })
  })
  .post('/:id/leagues', validate('param', seasonParam), validate('json', newLeague), async (c) => {
    const orgId = writerOrgId(c)
    const season = await seasonOf(c, orgId, c.req.valid('param').id)
    const input = c.req.valid('json')
    let copyFrom: { seasonsLeagueId: number; leagueId: number } | undefined
    if (input.copyFromSeasonId && input.copyFromLeagueId) {
      const source = await getSeasonLeague(c.var.db, orgId, input.copyFromSeasonId, input.copyFromLeagueId)
      if (!source) throw notFound('League to copy')
      if (await getSeasonLeague(c.var.db, orgId, season.id, source.leagueId)) {
        throw new ApiError(409, `${source.name} is already in ${season.name}`)
      }
      copyFrom = { seasonsLeagueId: source.id, leagueId: source.leagueId }
    } else if (!input.name) {
      throw new ApiError(400, 'League name is required', { name: 'League name is required' })
    }
    const leagueId = await addSeasonLeague(c.var.db, orgId, season.id, { name: input.name ?? '', copyFrom })
    const league = (await listSeasonLeagues(c.var.db, orgId, season.id)).find((l) => l.id === leagueId)
    return c.json({ league }, 201)
  })
  .put('/:id/leagues/order', validate('param', seasonParam), validate('json', leagueOrder), async (c) => {
    const orgId = writerOrgId(c)
    const season = await seasonOf(c, orgId, c.req.valid('param').id)
    const { orderedLeagues } = c.req.valid('json')
    const current = await listSeasonLeagues(c.var.db, orgId, season.id)
    if (orderedLeagues.some((o) => !current.some((l) => l.id === o.id))) throw notFound('League')
    await reorderSeasonLeagues(c.var.db, orgId, season.id, orderedLeagues)
    return c.json({ leagues: await listSeasonLeagues(c.var.db, orgId, season.id) })
  })
  .post('/:id/leagues/delete', validate('param', seasonParam), validate('json', idsBody), async (c) => {
    const orgId = writerOrgId(c)
    const seasonId = c.req.valid('param').id
    const { ids } = c.req.valid('json')
    await assertLeaguesRemovable(c, orgId, seasonId, ids)
    await removeSeasonLeague(c.var.db, orgId, seasonId, ids)
    return c.body(null, 204)
  })
  .put(
    '/:id/leagues/:leagueId',
    validate('param', leagueParam),
    validate('json', z.object({ name: name('League'), version: versionField })),
    async (c) => {
      const orgId = writerOrgId(c)
      const { id: seasonId, leagueId } = c.req.valid('param')
      await seasonOf(c, orgId, seasonId)
      if (!(await getSeasonLeague(c.var.db, orgId, seasonId, leagueId))) throw notFound('League')
      const { name: newName, version } = c.req.valid('json')
      expectVersion(
        c.var,
        { table: 'leagues', orgId, id: leagueId, version },
        async () => (await listSeasonLeagues(c.var.db, orgId, seasonId)).find((l) => l.id === leagueId) ?? null,
      )
      await renameLeague(c.var.db, orgId, leagueId, newName)
      const league = (await listSeasonLeagues(c.var.db, orgId, seasonId)).find((l) => l.id === leagueId)
      return c.json({ league })
    },
  )
  .delete('/:id/leagues/:leagueId', validate('param', leagueParam), async (c) => {
    const orgId = writerOrgId(c)
    const { id: seasonId, leagueId } = c.req.valid('param')
    await assertLeaguesRemovable(c, orgId, seasonId, [leagueId])
    await removeSeasonLeague(c.var.db, orgId, seasonId, [leagueId])
    return c.body(null, 204)
  })

  // ---- divisions of a season ----
  .get('/:id/divisions', validate('param', seasonParam), async (c) => {
    const orgId = await readerOrgId(c)
    const seasonId = c.req.valid('param').id
    const [[[season], divisions], rows] = await inOneTrip(c.var.db, (db) =>
      Promise.all([
        db.batch([seasonRows(db, orgId, seasonId), listDivisions(db, orgId, seasonId)]),
        standings(db, orgId, seasonId),
      ]),
    )
    if (!season) throw notFound('Season')
    return c.json({
      divisions: divisions.map((d) => ({
        id: d.id,
        name: d.name,
        position: d.position,
        // docs/reference/league-admin.md §9: with a division filter the division's own order is kept.
        teams: rows.filter((r) => r.division_id === d.id).sort((a, b) => a.position - b.position || a.rank - b.rank),
      })),
      // Teams not in a division, in standings order (the Current Standings panel).
      unassigned: rows.filter((r) => r.division_id === null),
    })
  })
  .post(
    '/:id/divisions',
    validate('param', seasonParam),
    validate('json', z.object({ name: requiredText('Division name') })),
    async (c) => {
      const orgId = writerOrgId(c)
      const season = await seasonOf(c, orgId, c.req.valid('param').id)
      const division = await createDivision(c.var.db, orgId, season.id, c.req.valid('json').name)
      return c.json({ division: { id: division.id, name: division.name, position: division.position, teams: [] } }, 201)
    },
  )
  .put('/:id/divisions/order', validate('param', seasonParam), validate('json', divisionOrder), async (c) => {
    const orgId = writerOrgId(c)
    const season = await seasonOf(c, orgId, c.req.valid('param').id)
    const { orderedDivisions } = c.req.valid('json')
    const current = await listDivisions(c.var.db, orgId, season.id)
    if (orderedDivisions.some((o) => !current.some((d) => d.id === o.id))) throw notFound('Division')
    await reorderDivisions(c.var.db, orgId, season.id, orderedDivisions)
    return c.json({ divisions: await listDivisions(c.var.db, orgId, season.id) })
  })

  // ---- teams of a league in a season ----
  .get('/:seasonId/leagues/:leagueId/teams', validate('param', teamsParam), async (c) => {
    const orgId = await readerOrgId(c)
    const { seasonId, leagueId } = c.req.valid('param')
    const [[[season], [link]], teams] = await inOneTrip(c.var.db, (db) =>
      Promise.all([
        db.batch([seasonRows(db, orgId, seasonId), seasonLeagueRows(db, orgId, seasonId, leagueId)]),
        standings(db, orgId, seasonId, leagueId),
      ]),
    )
    if (!season) throw notFound('Season')
    if (!link) throw notFound('League')
    return c.json({ teams })
  })
  .post('/:seasonId/leagues/:leagueId/teams', validate('param', teamsParam), validate('json', newTeam), async (c) => {
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
  })
  .post('/:seasonId/leagues/:leagueId/teams/delete', validate('param', teamsParam), validate('json', idsBody), async (c) => {
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
  })
  .get('/:seasonId/leagues/:leagueId/teams/:teamId', validate('param', teamParam), async (c) => {
    const orgId = await readerOrgId(c)
    const { seasonId, leagueId, teamId } = c.req.valid('param')
    return c.json({ team: await teamDetail(c, orgId, seasonId, leagueId, teamId) })
  })
  .put('/:seasonId/leagues/:leagueId/teams/:teamId', validate('param', teamParam), async (c) => {
    const orgId = writerOrgId(c)
    const { seasonId, leagueId, teamId } = c.req.valid('param')
    const place = await placeOf(c, orgId, seasonId, leagueId, teamId)
    const team = await getTeam(c.var.db, orgId, teamId)
    if (!team) throw notFound('Team')
    const { fields, file } = await readForm(c, 'logo')
    const input = parseWith(teamEdit, fields)
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
  })
  .delete('/:seasonId/leagues/:leagueId/teams/:teamId', validate('param', teamParam), async (c) => {
    const orgId = writerOrgId(c)
    const { seasonId, leagueId, teamId } = c.req.valid('param')
    const place = await placeOf(c, orgId, seasonId, leagueId, teamId)
    await assertTeamRemovable(c, orgId, teamId, seasonId, leagueId)
    await removeTeamFromSeasonLeague(c.var.db, orgId, seasonId, leagueId, [{ sltId: place.id, teamId }])
    return c.body(null, 204)
  })
  .get('/:seasonId/leagues/:leagueId/teams/:teamId/players', validate('param', teamParam), async (c) => {
    const orgId = await readerOrgId(c)
    const { seasonId, leagueId, teamId } = c.req.valid('param')
    const [[place], roster] = await c.var.db.batch([
      seasonLeagueTeamRows(c.var.db, orgId, seasonId, leagueId, teamId),
      rosterQuery(c.var.db, orgId, { seasonId, leagueId, teamId }),
    ])
    if (!place) throw notFound('Team')
    return c.json({ players: toRoster(roster) })
  })
  .post('/:seasonId/leagues/:leagueId/teams/:teamId/players', validate('param', teamParam), async (c) => {
    const orgId = writerOrgId(c)
    const { seasonId, leagueId, teamId } = c.req.valid('param')
    const place = await placeOf(c, orgId, seasonId, leagueId, teamId)
    const { fields, file } = await readForm(c, 'image')
    const input = 'player_id' in fields ? parseWith(existingPlayer, fields) : parseWith(newPlayer, fields)
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
  })
  .delete('/:seasonId/leagues/:leagueId/teams/:teamId/players/:playerId', validate('param', rosterParam), async (c) => {
    const orgId = writerOrgId(c)
    const { seasonId, leagueId, teamId, playerId } = c.req.valid('param')
    const place = await placeOf(c, orgId, seasonId, leagueId, teamId)
    if (!(await removeFromRoster(c.var.db, orgId, playerId, place.id))) throw notFound('Player')
    return c.body(null, 204)
  })

async function assertSeasonsDeletable(c: Context<AppEnv>, orgId: number, ids: number[]) {
  requireUser(c)
  const seasons = await Promise.all(ids.map((seasonId) => seasonOf(c, orgId, seasonId)))
  const played = await playedGamesBySeason(c.var.db, orgId, ids)
  const blocked = seasons.filter((s) => (played.get(s.id) ?? 0) > 0)
  if (blocked.length > 0) {
    const list = blocked.map((s) => `${s.name} (${plural(played.get(s.id) ?? 0, 'played game')})`).join(', ')
    throw new ApiError(409, `Cannot delete a season with played games: ${list}. Their scores and stats would be lost.`)
  }
  // The same rule inside the delete's own batch: a game scored after this check is never deleted.
  noPlayedGameSince(
    c.var,
    'g.organization_id = ? AND g.season_id IN (SELECT value FROM json_each(?))',
    [orgId, JSON.stringify(ids)],
    seasons.length === 1 ? at(seasons, 0).name : 'these seasons',
  )
}

/**
 * The season exists and each league is in it with no played game this season (404 / 409 for the
 * first that fails, in the order asked) — checked in one round trip for all of them.
 */
async function assertLeaguesRemovable(c: Context<AppEnv>, orgId: number, seasonId: number, leagueIds: number[]) {
  const db = c.var.db
  const [[season], links, played] = await db.batch([
    seasonRows(db, orgId, seasonId),
    seasonLeaguesQuery(db, orgId, seasonId),
    playedGamesInSeasonLeagues(db, orgId, seasonId, leagueIds),
  ])
  if (!season) throw notFound('Season')
  for (const leagueId of leagueIds) {
    const league = links.find((l) => l.id === leagueId)
    if (!league) throw notFound('League')
    const n = played.find((p) => p.leagueId === leagueId)?.n ?? 0
    if (n > 0) throw new ApiError(409, `Cannot delete ${league.name}: it has ${plural(n, 'played game')} this season.`)
  }
}

async function assertTeamRemovable(c: Context<AppEnv>, orgId: number, teamId: number, seasonId?: number, leagueId?: number) {
  const team = await getTeam(c.var.db, orgId, teamId)
  if (!team) throw notFound('Team')
  const played = await playedGamesOfTeam(c.var.db, orgId, teamId, seasonId, leagueId)
  if (played > 0) throw new ApiError(409, `Cannot delete ${team.name}: it has ${plural(played, 'played game')}.`)
}

export { assertTeamRemovable }
