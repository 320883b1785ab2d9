import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  divisionOrder,
  divisionOrderList,
  divisionsData,
  idsBody,
  leagueOrder,
  leagueRename,
  leaguesWithTeams,
  newDivision,
  newLeague,
  oneDivision,
  oneSeasonLeague,
  seasonLeagueList,
} from '../contract/seasons'
import type { Db } from '../db/client'
import { expectVersion } from '../db/guards'
import { createDivision, listDivisions, reorderDivisions } from '../db/queries/divisions'
import {
  addSeasonLeague,
  getSeasonLeague,
  listSeasonLeagues,
  playedGamesInSeasonLeagues,
  removeSeasonLeague,
  renameLeague,
  reorderSeasonLeagues,
  seasonLeaguesQuery,
  seasonRows,
  toSeasonLeagues,
} from '../db/queries/seasons'
import { plural } from '../db/queries/shared'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { id, validate } from '../lib/validate'
import { readerOrgId, writerOrgId } from '../middleware/tenant'

import { seasonOf, seasonParam, seasonToWrite, seasonWithStandings } from './season-shared'

const leagueParam = z.object({ id, leagueId: id })
/**
 * A season's leagues and divisions (docs/reference/league-admin.md §7: /api/seasonsv2/{id}/leagues…,
 * /divisions…), mounted on the seasons router.
 */
export const seasonLeagues = new Hono<AppEnv>()
  .get('/:id/leagues', answers("The season's leagues", { 200: seasonLeagueList }), validate('param', seasonParam), async (c) => {
    const orgId = await readerOrgId(c)
    const seasonId = c.req.valid('param').id
    const [[season], rows] = await c.var.db.batch([
      seasonRows(c.var.db, orgId, seasonId),
      seasonLeaguesQuery(c.var.db, orgId, seasonId),
    ])
    if (!season) throw notFound('Season')
    return c.json({ leagues: toSeasonLeagues(rows) })
  })
  .get(
    '/:id/leagues-with-teams-public',
    answers("The season's leagues with their standings", { 200: leaguesWithTeams }),
    validate('param', seasonParam),
    async (c) => {
      const { season, list, rows } = await seasonWithStandings(c, c.req.valid('param').id, seasonLeaguesQuery)
      const leagues = toSeasonLeagues(list)
      return c.json({
        season: { id: season.id, name: season.name, active: season.active },
        leagues: leagues.map((l) => ({ ...l, teams: rows.filter((r) => r.leagueId === l.id) })),
      })
    },
  )
  .post(
    '/:id/leagues',
    answers('Add a league to the season, new or copied', { 201: oneSeasonLeague }),
    validate('param', seasonParam),
    validate('json', newLeague),
    async (c) => {
      const { orgId, season } = await seasonToWrite(c, c.req.valid('param').id)
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
    },
  )
  .put(
    '/:id/leagues/order',
    answers("Reorder the season's leagues", { 200: seasonLeagueList }),
    validate('param', seasonParam),
    validate('json', leagueOrder),
    async (c) => {
      const { orderedLeagues } = c.req.valid('json')
      const leagues = await reorderOfSeason(c, c.req.valid('param').id, orderedLeagues, seasonLists.leagues)
      return c.json({ leagues })
    },
  )
  .post(
    '/:id/leagues/delete',
    answers('Remove leagues without played games from the season', { 204: null }),
    validate('param', seasonParam),
    validate('json', idsBody),
    async (c) => {
      const orgId = writerOrgId(c)
      const seasonId = c.req.valid('param').id
      const { ids } = c.req.valid('json')
      await assertLeaguesRemovable(c, orgId, seasonId, ids)
      await removeSeasonLeague(c.var.db, orgId, seasonId, ids)
      return c.body(null, 204)
    },
  )
  .put(
    '/:id/leagues/:leagueId',
    answers('Rename a league and set its rules for members (each optional)', { 200: oneSeasonLeague }),
    validate('param', leagueParam),
    validate('json', leagueRename),
    async (c) => {
      const orgId = writerOrgId(c)
      const { id: seasonId, leagueId } = c.req.valid('param')
      await seasonOf(c, orgId, seasonId)
      if (!(await getSeasonLeague(c.var.db, orgId, seasonId, leagueId))) throw notFound('League')
      const { name: newName, version, ...rules } = c.req.valid('json')
      expectVersion(
        c.var,
        { table: 'leagues', orgId, id: leagueId, version },
        async () => (await listSeasonLeagues(c.var.db, orgId, seasonId)).find((l) => l.id === leagueId) ?? null,
      )
      // Only the rules sent change (docs/members.md "League rules"); absent ones keep their value.
      const sent = Object.fromEntries(Object.entries(rules).filter(([, value]) => value !== undefined))
      await renameLeague(c.var.db, orgId, leagueId, newName, sent)
      const league = (await listSeasonLeagues(c.var.db, orgId, seasonId)).find((l) => l.id === leagueId)
      return c.json({ league })
    },
  )
  .delete(
    '/:id/leagues/:leagueId',
    answers('Remove a league without played games from the season', { 204: null }),
    validate('param', leagueParam),
    async (c) => {
      const orgId = writerOrgId(c)
      const { id: seasonId, leagueId } = c.req.valid('param')
      await assertLeaguesRemovable(c, orgId, seasonId, [leagueId])
      await removeSeasonLeague(c.var.db, orgId, seasonId, [leagueId])
      return c.body(null, 204)
    },
  )

  // ---- divisions of a season ----
  .get(
    '/:id/divisions',
    answers("The season's divisions with their teams' standings", { 200: divisionsData }),
    validate('param', seasonParam),
    async (c) => {
      const { list: divisions, rows } = await seasonWithStandings(c, c.req.valid('param').id, listDivisions)
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
    },
  )
  .post(
    '/:id/divisions',
    answers('Create a division', { 201: oneDivision }),
    validate('param', seasonParam),
    validate('json', newDivision),
    async (c) => {
      const { orgId, season } = await seasonToWrite(c, c.req.valid('param').id)
      const division = await createDivision(c.var.db, orgId, season.id, c.req.valid('json').name)
      return c.json({ division: { id: division.id, name: division.name, position: division.position, teams: [] } }, 201)
    },
  )
  .put(
    '/:id/divisions/order',
    answers("Reorder the season's divisions", { 200: divisionOrderList }),
    validate('param', seasonParam),
    validate('json', divisionOrder),
    async (c) => {
      const { orderedDivisions } = c.req.valid('json')
      const divisions = await reorderOfSeason(c, c.req.valid('param').id, orderedDivisions, seasonLists.divisions)
      return c.json({ divisions })
    },
  )

/** The season's lists a client reorders: what a missing id is, the list, the write of its order. */
const seasonLists = {
  leagues: { what: 'League', list: listSeasonLeagues, reorder: reorderSeasonLeagues },
  divisions: { what: 'Division', list: listDivisions, reorder: reorderDivisions },
}

/**
 * A reorder of a list of the writer's season named in the path: every id sent must be in the list,
 * else 404 and nothing changes; the answer is the list in its new order.
 */
async function reorderOfSeason<Change extends { id: number }, Row extends { id: number }>(
  c: Context<AppEnv>,
  seasonId: number,
  ordered: Change[],
  {
    what,
    list,
    reorder,
  }: {
    what: string
    list: (db: Db, orgId: number, seasonId: number) => PromiseLike<Row[]>
    reorder: (db: Db, orgId: number, seasonId: number, ordered: Change[]) => Promise<unknown>
  },
) {
  const { orgId, season } = await seasonToWrite(c, seasonId)
  const current = await list(c.var.db, orgId, season.id)
  if (ordered.some((o) => !current.some((row) => row.id === o.id))) throw notFound(what)
  await reorder(c.var.db, orgId, season.id, ordered)
  return list(c.var.db, orgId, season.id)
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
