import { type Context, Hono } from 'hono'
import { idsBody, oneSeason, seasonBody, seasonChanges, seasonList } from '../contract/seasons'
import { noPlayedGameSince } from '../db/guards'
import { sportsByOrganization } from '../db/queries/organizations'
import { createSeason, deleteSeasons, getSeasonJson, listSeasons, playedGamesBySeason, updateSeason } from '../db/queries/seasons'
import { plural } from '../db/queries/shared'
import { at } from '../domain/at'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { sentFields, validate, versionOf } from '../lib/validate'
import { allOrganizations, namesTenant, readerOrgId, requireUser, writerOrgId } from '../middleware/tenant'
import { seasonLeagues } from './season-leagues'
import { seasonOf, seasonParam, seasonRow } from './season-shared'
import { seasonTeams } from './season-teams'

/** Seasons (docs/reference/league-admin.md §7: /api/seasonsv2), with their leagues, divisions and teams mounted below. */
export const seasonsV2 = new Hono<AppEnv>()
  .get('/', answers("The seasons (every organization's for a super admin on the dashboard)", { 200: seasonList }), async (c) => {
    // A super admin on the dashboard sees every organization's seasons (docs/reference/league-admin.md Seasons page).
    const everyone = !namesTenant(c) && c.var.user?.role === 'super_admin' && !c.req.query('organization_id')
    const scope = everyone ? allOrganizations(c) : await readerOrgId(c)
    return c.json({ seasons: await listSeasons(c.var.db, scope) })
  })
  .post('/', answers('Create a season', { 201: oneSeason }), validate('json', seasonBody), async (c) => {
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
  .post('/delete', answers('Delete seasons without played games', { 204: null }), validate('json', idsBody), async (c) => {
    const orgId = writerOrgId(c)
    const { ids } = c.req.valid('json')
    await assertSeasonsDeletable(c, orgId, ids)
    await deleteSeasons(c.var.db, orgId, ids)
    return c.body(null, 204)
  })
  .get('/:id', answers('A season', { 200: oneSeason }), validate('param', seasonParam), async (c) => {
    const orgId = await readerOrgId(c)
    const season = await getSeasonJson(c.var.db, orgId, c.req.valid('param').id)
    if (!season) throw notFound('Season')
    return c.json({ season })
  })
  .put(
    '/:id',
    answers('Change a season', { 200: oneSeason }),
    validate('param', seasonParam),
    validate('json', seasonChanges),
    async (c) => {
      const input = c.req.valid('json')
      const { orgId, row: season } = await seasonRow.toEdit(c, c.req.valid('param').id, input.version)
      const startDate = input.startDate === undefined ? season.startDate : input.startDate
      const finishDate = input.finishDate === undefined ? season.finishDate : input.finishDate
      if (startDate && finishDate && startDate > finishDate) {
        throw new ApiError(400, 'Finish must not be before start', { finishDate: 'Finish must not be before start' })
      }
      await updateSeason(
        c.var.db,
        orgId,
        season.id,
        {
          ...sentFields(input, ['name', 'startDate', 'finishDate', 'active']),
          ...(input.published !== undefined && input.published !== null && { published: input.published }),
        },
        season.sportId,
      )
      return c.json({ season: await getSeasonJson(c.var.db, orgId, season.id) })
    },
  )
  .delete('/:id', answers('Delete a season without played games', { 204: null }), validate('param', seasonParam), async (c) => {
    const orgId = writerOrgId(c)
    const { id: seasonId } = c.req.valid('param')
    await seasonOf(c, orgId, seasonId)
    await assertSeasonsDeletable(c, orgId, [seasonId])
    seasonRow.expect(c, orgId, seasonId, versionOf(c))
    await deleteSeasons(c.var.db, orgId, [seasonId])
    return c.body(null, 204)
  })
  .route('/', seasonLeagues)
  .route('/', seasonTeams)

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
