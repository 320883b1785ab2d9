import { and, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  attributeValues,
  nameChanges,
  newPlayer,
  onePlayer,
  playerBasic,
  playerChoices,
  playerIds,
  playerList,
  playerPage,
  playerSeasonStats,
} from '../contract/players'
import { inOneTrip } from '../db/client'
import { expectVersion } from '../db/guards'
import { allStatDefinitions, visibleStats } from '../db/queries/games'
import { gameLog, gameLogRows, gameLogTeams, pagesSportId, seasonBreakdown, summarize } from '../db/queries/player-stats'
import {
  activeSeasonChoices,
  attributesOf,
  createPlayer,
  deletePlayers,
  getPlayer,
  getPlayerDetail,
  listPlayers,
  playerDetail,
  playerDetailQueries,
  playerRow,
  playersByIds,
  playersWithStats,
  setAttributeValues,
  updatePlayer,
} from '../db/queries/players'
import { activeSeasonId, seasonRows } from '../db/queries/seasons'
import { plural } from '../db/queries/shared'
import { players } from '../db/schema'
import { careerAndSplits } from '../domain/career'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { isPaged, pageOf, pageOffset, seasonParam } from '../lib/paging'
import { discardImages, readForm, storeImage, writeWithImage } from '../lib/uploads'
import { id, isCalendarDate, parseWith, validate, versionField, versionOf } from '../lib/validate'
import { hiddenPlayerName } from '../members/privacy'
import { namesTenant, readerOrgId, writerOrgId } from '../middleware/tenant'
import { ownedRow } from './owned-row'

/**
 * A players list is one page (docs/reference/performance.md): the public site's default fits a screen of cards; the
 * dashboard's list shows up to MAX_LIST by name and asks for a search or a team beyond that.
 */
const PUBLIC_PAGE = 50
const MAX_LIST = 1000
const listQuery = z.object({
  search: z
    .string()
    .trim()
    .min(2, 'Search needs at least 2 characters')
    .max(100, 'Search is at most 100 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  leagueId: id.optional(),
  teamId: id.optional(),
  limit: z.coerce.number().int().min(1).max(MAX_LIST).optional(),
  // Optional paging and season scope (docs/decisions/2026-11-25-admin-paging.md): either one makes
  // the answer a page with `total`, `limit`, `offset` and `seasonId`.
  seasonId: seasonParam.optional(),
  offset: pageOffset.optional(),
})

/** Checks a value against its attribute's type (docs/reference/league-admin.md §9: string, number, date). */
function attributeValue(type: 'string' | 'number' | 'date', raw: string | number | null, name: string): string | null {
  if (raw === null || raw === '') return null
  const text = String(raw).trim()
  if (type === 'number' && !/^-?\d+(\.\d+)?$/.test(text))
    throw new ApiError(400, `${name} must be a number`, { [name]: 'Must be a number' })
  if (type === 'date' && !isCalendarDate(text)) {
    throw new ApiError(400, `${name} must be a date (yyyy-MM-dd)`, { [name]: 'Must be a date' })
  }
  return text
}

async function assertDeletable(c: Context<AppEnv>, orgId: number, ids: number[]) {
  const found = await playersByIds(c.var.db, orgId, ids)
  if (found.length !== new Set(ids).size) throw notFound('Player')
  const withStats = await playersWithStats(c.var.db, orgId, ids)
  if (withStats.length > 0) {
    // Decision: box scores are history; a player who has them is never deleted with them.
    throw new ApiError(
      409,
      `Cannot delete ${plural(withStats.length, 'player')} with recorded game stats. Remove them from their rosters instead.`,
    )
  }
  // The same rule inside the delete's own batch: a box-score line saved after this check stays.
  c.var.guards.add({
    changed:
      'EXISTS (SELECT 1 FROM player_game_stats WHERE organization_id = ? AND player_id IN (SELECT value FROM json_each(?)))',
    params: [orgId, JSON.stringify(ids)],
    conflict: async () =>
      new ApiError(409, 'A box score was saved for one of these players while they were being deleted. Nothing was deleted.'),
  })
}

/** Another player of the organization with this e-mail: a 409 naming them (docs/members.md "Accounts"). */
async function assertEmailFree(c: Context<AppEnv>, orgId: number, email: string, exceptId?: number) {
  const [holder] = await c.var.db
    .select({ id: players.id, firstName: players.firstName, lastName: players.lastName })
    .from(players)
    .where(and(eq(players.organizationId, orgId), eq(players.email, email)))
    .limit(1)
  if (holder && holder.id !== exceptId) throw emailTaken(`${holder.firstName} ${holder.lastName}`)
}

const emailTaken = (name: string) =>
  new ApiError(409, `This e-mail address already belongs to ${name}`, {
    email: `This e-mail address already belongs to ${name}`,
  })

/** The unique index has the last word (two saves racing with one address): a 409, never a 500. */
async function emailClash<T>(c: Context<AppEnv>, orgId: number, email: string | null | undefined, write: () => Promise<T>) {
  try {
    return await write()
  } catch (error) {
    if (email && /UNIQUE constraint failed: players\.organization_id, players\.email/.test(String(error))) {
      await assertEmailFree(c, orgId, email, -1)
    }
    throw error
  }
}

const scopeQuery = z.object({ scope: z.enum(['active', 'all']).default('active') })

export const playersV2 = new Hono<AppEnv>()
  .get(
    '/',
    answers('Players by name (a counted page when paged or scoped to a season)', {
      200: z.union([playerPage, playerList]),
    }),
    validate('query', listQuery),
    async (c) => {
      const orgId = await readerOrgId(c)
      const { search, leagueId, teamId, limit, seasonId, offset } = c.req.valid('query')
      // The public site lists players who have played somewhere, its filters read the active season,
      // and with no filter it lists the active season's players; the dashboard lists everyone.
      const publicView = namesTenant(c) || !c.var.user
      const hiddenName = publicView ? await hiddenPlayerName(c) : undefined
      if (!isPaged(c, ['seasonId', 'offset'])) {
        const page = limit ?? (publicView ? PUBLIC_PAGE : MAX_LIST)
        return c.json(await listPlayers(c.var.db, orgId, { search, leagueId, teamId, limit: page, publicView, hiddenName }))
      }
      // A page: one season's players (or every season's, without seasonId), counted for the pager;
      // the season check rides in the same round trip.
      const requested = typeof seasonId === 'number' ? seasonId : undefined
      const page = pageOf({ limit, offset })
      const [[season], found] = await inOneTrip(c.var.db, (db) =>
        Promise.all([
          db.batch([seasonRows(db, orgId, requested)]),
          listPlayers(db, orgId, {
            search,
            leagueId,
            teamId,
            seasonId: seasonId === undefined ? undefined : (requested ?? activeSeasonId(orgId)),
            ...page,
            publicView,
            hiddenName,
            count: true,
          }),
        ]),
      )
      if (requested && season.length === 0) throw notFound('Season')
      return c.json({ ...found, ...page, seasonId: seasonId === undefined ? null : (season[0]?.id ?? null) })
    },
  )
  // docs/reference/public-site.md §2.8: the league and team choices of the public players page — the
  // active season's, or with `seasonId` a season published ahead (docs/published-seasons.md).
  .get(
    '/filters',
    answers("The active season's (or the given season's) leagues and teams", { 200: playerChoices }),
    validate('query', z.object({ seasonId: id.optional() })),
    async (c) => c.json(await activeSeasonChoices(c.var.db, await readerOrgId(c), c.req.valid('query').seasonId)),
  )
  .post(
    '/',
    answers(
      'Add a player (multipart, with an optional image)',
      { 201: onePlayer },
      { body: { schema: newPlayer, file: 'image' } },
    ),
    async (c) => {
      const orgId = writerOrgId(c)
      const { fields, file } = await readForm(c, 'image')
      const input = parseWith(newPlayer, fields)
      if (input.email) await assertEmailFree(c, orgId, input.email)
      const imageKey = file ? await storeImage(c, orgId, file, 'player', 'image') : null
      const created = await writeWithImage(c, imageKey, () =>
        emailClash(c, orgId, input.email, () => createPlayer(c.var.db, orgId, { ...input, imageKey })),
      )
      return c.json({ player: await getPlayerDetail(c.var.db, orgId, created.id, false) }, 201)
    },
  )
  .post('/delete', answers('Delete players together', { 204: null }), validate('json', playerIds), async (c) => {
    const orgId = writerOrgId(c)
    const { ids } = c.req.valid('json')
    await assertDeletable(c, orgId, ids)
    const deleted = await deletePlayers(c.var.db, orgId, ids)
    discardImages(
      c,
      deleted.map((d) => d.imageKey),
    )
    return c.body(null, 204)
  })
  // docs/reference/league-admin.md §7: the public profile — header, PPG / FT% / 3PM boxes and the game log; one D1 round
  // trip after the organization (the active season and the pages' sport are subqueries).
  .get(
    '/:id/basic',
    answers("A player's profile: header, stat boxes and game log", { 200: playerBasic }),
    validate('param', z.object({ id })),
    validate('query', scopeQuery),
    async (c) => {
      const orgId = await readerOrgId(c)
      const db = c.var.db
      const playerId = c.req.valid('param').id
      const onlySeason = c.req.valid('query').scope === 'active' ? activeSeasonId(orgId) : undefined
      const publicView = namesTenant(c) || !c.var.user
      const view = publicView ? { hiddenName: await hiddenPlayerName(c) } : undefined
      const [row, places, values, [season], allStats, definitions, rows, teamRows] = await db.batch([
        ...playerDetailQueries(db, orgId, playerId, publicView),
        seasonRows(db, orgId),
        visibleStats(db, orgId, pagesSportId(orgId)),
        allStatDefinitions(db, orgId),
        gameLogRows(db, orgId, playerId, onlySeason),
        gameLogTeams(db, orgId, playerId, onlySeason),
      ])
      const player = playerDetail([row, places, values], view)
      if (!player) throw notFound('Player')
      const abbreviations = definitions.map((d) => d.abbreviation)
      const gameStats = gameLog(rows, teamRows, abbreviations)
      return c.json({
        player,
        teamHistory: player.teamHistory,
        allStats,
        gameStats,
        activeSeasonId: season?.id ?? null,
        summary: summarize(gameStats, abbreviations),
      })
    },
  )
  // The stats page: every game, and the season breakdown whose rows expand to their games.
  .get(
    '/:id/stats',
    answers("A player's games, season breakdown, career and splits", { 200: playerSeasonStats }),
    validate('param', z.object({ id })),
    async (c) => {
      const orgId = await readerOrgId(c)
      const db = c.var.db
      const playerId = c.req.valid('param').id
      const [[player], allStats, definitions, rows, teamRows] = await db.batch([
        playerRow(db, orgId, playerId),
        visibleStats(db, orgId, pagesSportId(orgId)),
        allStatDefinitions(db, orgId),
        gameLogRows(db, orgId, playerId),
        gameLogTeams(db, orgId, playerId),
      ])
      if (!player) throw notFound('Player')
      const abbreviations = definitions.map((d) => d.abbreviation)
      const gameStats = gameLog(rows, teamRows, abbreviations)
      return c.json({
        gameStats,
        allStats,
        seasons: seasonBreakdown(gameStats, abbreviations),
        summary: summarize(gameStats, abbreviations),
        // Career totals, averages (total ÷ games played), highs and splits (docs/records.md).
        ...careerAndSplits(gameStats, abbreviations),
      })
    },
  )
  .get('/:id', answers('A player', { 200: onePlayer }), validate('param', z.object({ id })), async (c) => {
    const orgId = await readerOrgId(c)
    // Visitors see only visible attributes; staff see all of them to edit.
    const visibleOnly = namesTenant(c) || !c.var.user
    const view = visibleOnly ? { hiddenName: await hiddenPlayerName(c) } : undefined
    const player = await getPlayerDetail(c.var.db, orgId, c.req.valid('param').id, visibleOnly, view)
    if (!player) throw notFound('Player')
    return c.json({ player })
  })
  .put(
    '/:id',
    answers(
      "Change a player's names and photo (multipart) or attribute values (JSON)",
      { 200: onePlayer },
      {
        body: {
          schema: z.union([nameChanges.extend({ version: versionField }), attributeValues.extend({ version: versionField })]),
          file: 'image',
        },
      },
    ),
    validate('param', z.object({ id })),
    async (c) => {
      const { orgId, row: player } = await ownedRow('Player', getPlayer).toWrite(c, c.req.valid('param').id)
      const { fields, file } = await readForm(c, 'image')
      const { version } = parseWith(z.object({ version: versionField }), fields)
      expectVersion(
        c.var,
        { table: 'players', orgId, id: player.id, version },
        async () => (await getPlayerDetail(c.var.db, orgId, player.id, false)) ?? null,
      )
      if ('attributes' in fields) {
        const { attributes } = parseWith(attributeValues, fields)
        const known = await attributesOf(c.var.db, orgId)
        const values = new Map<number, string | null>()
        for (const [key, raw] of Object.entries(attributes)) {
          const attribute = known.find((a) => a.id === Number(key))
          if (!attribute) throw notFound('Attribute')
          values.set(attribute.id, attributeValue(attribute.attributeType, raw, attribute.attributeName))
        }
        await setAttributeValues(c.var.db, orgId, player.id, values)
      } else {
        const input = parseWith(nameChanges, fields)
        if (input.email) await assertEmailFree(c, orgId, input.email, player.id)
        const imageKey = file ? await storeImage(c, orgId, file, 'player', 'image') : undefined
        await writeWithImage(c, imageKey, () =>
          emailClash(c, orgId, input.email, () =>
            updatePlayer(c.var.db, orgId, player.id, { ...input, ...(imageKey && { imageKey }) }),
          ),
        )
        if (imageKey) discardImages(c, [player.imageKey])
      }
      return c.json({ player: await getPlayerDetail(c.var.db, orgId, player.id, false) })
    },
  )
  .delete('/:id', answers('Delete a player', { 204: null }), validate('param', z.object({ id })), async (c) => {
    const orgId = writerOrgId(c)
    const playerId = c.req.valid('param').id
    await assertDeletable(c, orgId, [playerId])
    expectVersion(
      c.var,
      { table: 'players', orgId, id: playerId, version: versionOf(c) },
      async () => (await getPlayerDetail(c.var.db, orgId, playerId, false)) ?? null,
    )
    // Decision: a deleted player's photo goes too, after the row delete commits (never before it).
    const deleted = await deletePlayers(c.var.db, orgId, [playerId])
    discardImages(
      c,
      deleted.map((d) => d.imageKey),
    )
    return c.body(null, 204)
  })
