import type { BatchItem } from 'drizzle-orm/batch'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  boxScoreBody,
  byeDate,
  emptyIsNull,
  gameChanges,
  gameDetail as gameDetailAnswer,
  gameDetailsFields,
  gameList,
  gamePage,
  newGame,
  newWeekOff,
  newWeekOffAnswer,
  oneGame,
  scoresBody,
  videoLink,
  weekOffList,
} from '../contract/games'
import { type Db, inOneTrip } from '../db/client'
import { lastBoxScoreChange, lastBoxScoreSave } from '../db/guards'
import { bracketWritesAfterChange, bracketWritesAfterScore } from '../db/queries/brackets'
import {
  allStatDefinitions,
  byesQuery,
  createGame,
  createWeekOff,
  deleteGame,
  deleteWeekOff,
  type Game,
  gameDetail,
  gameHasStats,
  gameJson,
  gamesPageQueries,
  gamesQuery,
  listGames,
  listWeekOffs,
  rosterIds,
  saveBoxScore,
  saveScores,
  toByes,
  toWeekOffs,
  updateGame,
  weekOffsQuery,
} from '../db/queries/games'
import { activeSeason, activeSeasonId, getSeason, getSeasonLeague, seasonLeagueRows, seasonRows } from '../db/queries/seasons'
import { seasonLeagueTeamRows } from '../db/queries/teams'
import { isFinalPeriod } from '../domain/derived-stats'
import { isEmbeddableVideo, toEmbedUrl } from '../domain/games'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { isPaged, pageLimit, pageOffset, searchQuery, seasonParam } from '../lib/paging'
import { id, sentFields, someChange, validate, versionOf } from '../lib/validate'
import { orgTimeZone } from '../lib/zone'
import { publicHiddenName } from '../members/privacy'
import { readerOrgId, writerOrgId } from '../middleware/tenant'
import { announceDeskSave, closeLiveRoom, gameRow } from './live'
import { seasonPage } from './season-shared'
import { placeOfGame } from './venues'

const listQuery = z.object({
  seasonId: id.optional(),
  leagueId: id.optional(),
  teamId: id.optional(),
  scope: z.enum(['active', 'all']).optional(),
})
/** The admin schedule's list: the same filters, and the optional page, search and season (worker/lib/paging.ts). */
const adminListQuery = listQuery.extend({
  seasonId: seasonParam.optional(),
  q: searchQuery.optional(),
  limit: pageLimit().optional(),
  offset: pageOffset.optional(),
})
/** The details' video must be one the game page can embed. */
const details = someChange(
  gameDetailsFields.extend({
    video_url: emptyIsNull(videoLink.refine(isEmbeddableVideo, 'Use a YouTube link: the game page can only show YouTube videos')),
  }),
)

/** What "both teams are in the league in that season" reads, as batchable statements: link, home, away. */
function teamsInLeagueQueries(db: Db, orgId: number, seasonId: number, leagueId: number, teamIds: [number, number]) {
  return [
    seasonLeagueRows(db, orgId, seasonId, leagueId),
    seasonLeagueTeamRows(db, orgId, seasonId, leagueId, teamIds[0]),
    seasonLeagueTeamRows(db, orgId, seasonId, leagueId, teamIds[1]),
  ] as const
}

/** Both teams must be in the league in that season (docs/reference/games-and-statistics.md: else 400), from teamsInLeagueQueries' rows. */
function verifyTeamsInLeague<L>([link]: L[], ...places: unknown[][]): L {
  if (!link) throw new ApiError(400, 'That league is not part of that season', { leagueId: 'Not in this season' })
  for (const [i, rows] of places.entries()) {
    if (rows.length === 0) {
      const field = i === 0 ? 'team1_id' : 'team2_id'
      throw new ApiError(400, 'Both teams must play in that league this season', { [field]: 'Not in this league' })
    }
  }
  return link
}

/** The season a list is about: asked for, else the active one ("the public site uses the active season"). */
async function seasonScope(c: Context<AppEnv>, orgId: number, requested?: number, scope?: 'active' | 'all') {
  if (requested) {
    if (!(await getSeason(c.var.db, orgId, requested))) throw notFound('Season')
    return requested
  }
  if (scope === 'all') return undefined
  return (await activeSeason(c.var.db, orgId))?.id ?? -1
}

/**
 * The season check of a public list, batchable with the list (docs/reference/performance.md §2): the asked-for season
 * (404 when missing), else the active one — which the list reads as a subquery, `seasonSql`.
 */
function seasonCheck(db: Db, orgId: number, requested?: number) {
  return {
    query: seasonRows(db, orgId, requested),
    seasonSql: requested ?? activeSeasonId(orgId),
    verify: (found: unknown[]) => {
      if (requested && found.length === 0) throw notFound('Season')
    },
  }
}

export const gamesV2 = new Hono<AppEnv>()
  .get(
    '/',
    answers('The games of a season (the active one unless named)', { 200: gameList }),
    validate('query', listQuery),
    async (c) => {
      const orgId = await readerOrgId(c)
      const q = c.req.valid('query')
      const filter = { leagueId: q.leagueId, teamId: q.teamId }
      if (!q.seasonId && q.scope === 'all') return c.json({ games: await listGames(c.var.db, orgId, filter) })
      const check = seasonCheck(c.var.db, orgId, q.seasonId)
      const [season, rows] = await c.var.db.batch([
        check.query,
        gamesQuery(c.var.db, orgId, { ...filter, seasonId: check.seasonSql }),
      ])
      check.verify(season)
      return c.json({ games: rows.map(gameJson) })
    },
  )
  .get(
    '/:id',
    answers('A game with its rosters, scores and box score', { 200: gameDetailAnswer }),
    validate('param', z.object({ id })),
    async (c) => {
      const orgId = await readerOrgId(c)
      const detail = await gameDetail(c.var.db, orgId, c.req.valid('param').id, await publicHiddenName(c))
      if (!detail) throw new ApiError(404, 'Game not found')
      return c.json(detail)
    },
  )
  .put(
    '/:id/scores',
    answers('Save the final and period scores', { 200: gameDetailAnswer }),
    validate('param', z.object({ id })),
    validate('json', scoresBody),
    async (c) => {
      const input = c.req.valid('json')
      const { orgId, row: game } = await gameRow.toEdit(c, c.req.valid('param').id, input.version)
      const detail = await gameDetail(c.var.db, orgId, game.id)
      const periods = detail?.gamePeriods ?? []
      for (const p of input.periodScores ?? []) {
        if (!periods.some((gp) => gp.id === p.game_period_id)) throw notFound('Game period')
        if (p.team_id !== game.team1Id && p.team_id !== game.team2Id) {
          throw new ApiError(400, 'A period score belongs to one of the two teams', { periodScores: 'Unknown team' })
        }
      }
      const saved = await saveFinal(c, orgId, game, {
        score: { home: input.score_home, away: input.score_away },
        periods: (input.periodScores ?? []).map((p) => ({ gamePeriodId: p.game_period_id, teamId: p.team_id, score: p.score })),
        gamePeriods: periods,
      })
      return c.json(saved)
    },
  )
  .put(
    '/:id/details',
    answers("Change a game's video, place, date, time or status", { 200: gameDetailAnswer }),
    validate('param', z.object({ id })),
    validate('json', details),
    async (c) => {
      const input = c.req.valid('json')
      const { orgId, row: game } = await gameRow.toEdit(c, c.req.valid('param').id, input.version)
      // A playoff game's status decides its bracket like its score does (docs/playoffs.md "Corrections").
      const followUps =
        input.status !== undefined && input.status !== game.status
          ? await bracketWritesAfterChange(c.var, orgId, game, { ...game, status: input.status })
          : []
      await updateGame(
        c.var.db,
        orgId,
        await orgTimeZone(c, orgId),
        game,
        {
          ...(input.video_url !== undefined && { videoUrl: input.video_url ? toEmbedUrl(input.video_url) : null }),
          ...sentFields(input, ['location', 'date', 'time', 'status']),
          ...placeOfGame(c, orgId, input, game),
        },
        followUps,
      )
      closesGame(c, orgId, game, input.status)
      return c.json(await gameDetail(c.var.db, orgId, game.id))
    },
  )

/**
 * A game's final score, however it was decided — typed at the desk or agreed by the captains' score
 * reports (docs/members.md "Score reports") — written the one way: the score, the Final period kept
 * equal to it, the optional box-score lines, a playoff game's winner advancing (docs/playoffs.md)
 * and `alsoWrite` (the report that settles it), all in one batch, so the standings, clinch marks,
 * brackets and the data version (bumped by triggers in that transaction) move together. The live
 * room closes when the game is no longer scheduled; otherwise open pages read it again.
 */
export async function saveFinal(
  c: Context<AppEnv>,
  orgId: number,
  game: Game,
  final: {
    score: { home: number; away: number }
    periods: { gamePeriodId: number; teamId: number; score: number }[]
    gamePeriods: { id: number; name: string }[]
    boxScore?: Parameters<typeof saveScores>[7]
    alsoWrite?: BatchItem<'sqlite'>[]
  },
) {
  const finalPeriod = final.gamePeriods.find(isFinalPeriod)
  const followUps = await bracketWritesAfterScore(c.var, orgId, game, final.score)
  await saveScores(
    c.var.db,
    orgId,
    game,
    final.score,
    final.periods,
    finalPeriod?.id ?? null,
    [...followUps, ...(final.alsoWrite ?? [])],
    final.boxScore,
  )
  const saved = await gameDetail(c.var.db, orgId, game.id)
  if (saved && saved.game.status !== 'scheduled') closeLiveRoom(c, orgId, game.id, 'closed')
  else announceDeskSave(c, orgId, game.id)
  return saved
}

/**
 * A status saved at the desk that takes an open game out of `scheduled` closes its live room; one
 * that opens a game again tells the room to read it again (docs/live-scoring.md).
 */
function closesGame(c: Context<AppEnv>, orgId: number, game: { id: number; status: string }, status: string | null | undefined) {
  if (!status || status === game.status) return
  if (game.status === 'scheduled') closeLiveRoom(c, orgId, game.id, 'closed')
  else if (status === 'scheduled') announceDeskSave(c, orgId, game.id)
}

/** The admin schedule view's games (docs/reference/league-admin.md §7 GET/POST /api/games, PUT/DELETE /api/games/{id}). */
export const gamesRoutes = new Hono<AppEnv>()
  .get(
    '/',
    answers("The admin schedule's games (a page when paged or searched)", { 200: z.union([gamePage, gameList]) }),
    validate('query', adminListQuery),
    async (c) => {
      const orgId = writerOrgId(c)
      const q = c.req.valid('query')
      const requested = q.seasonId === 'active' ? undefined : q.seasonId
      if (!isPaged(c)) {
        const seasonId = await seasonScope(c, orgId, requested, q.scope)
        return c.json({ games: await listGames(c.var.db, orgId, { seasonId, leagueId: q.leagueId, teamId: q.teamId }) })
      }
      // A page: every season when asked for `scope=all` without a season, else the season named or the active one.
      const allSeasons = !q.seasonId && q.scope === 'all'
      const { rows, paging } = await seasonPage(c, orgId, { ...q, requested, allSeasons }, (seasonId, page) =>
        gamesPageQueries(c.var.db, orgId, { seasonId, leagueId: q.leagueId, teamId: q.teamId, search: q.q }, page),
      )
      return c.json({ games: rows.map(gameJson), ...paging })
    },
  )
  .post('/', answers('Create a game', { 201: oneGame }), validate('json', newGame), async (c) => {
    const orgId = writerOrgId(c)
    const input = c.req.valid('json')
    const db = c.var.db
    // Every check in one round trip: the season, the league in it, both teams in the league.
    const [season, ...inLeague] = await db.batch([
      seasonRows(db, orgId, input.season_id),
      ...teamsInLeagueQueries(db, orgId, input.season_id, input.leagueId, [input.team1_id, input.team2_id]),
    ])
    if (season.length === 0) throw notFound('Season')
    const link = verifyTeamsInLeague(...inLeague)
    const place = placeOfGame(c, orgId, input)
    const gameId = await createGame(c.var.db, orgId, await orgTimeZone(c, orgId), {
      ...place,
      seasonId: input.season_id,
      leagueId: input.leagueId,
      seasonsLeagueId: link.id,
      team1Id: input.team1_id,
      team2Id: input.team2_id,
      date: input.date ?? null,
      time: input.time ?? null,
      location: input.location ?? null,
    })
    return c.json({ game: (await gameDetail(c.var.db, orgId, gameId))?.game }, 201)
  })
  .put(
    '/:id',
    answers('Change a game', { 200: oneGame }),
    validate('param', z.object({ id })),
    validate('json', gameChanges),
    async (c) => {
      const input = c.req.valid('json')
      const { orgId, row: game } = await gameRow.toEdit(c, c.req.valid('param').id, input.version)
      const team1 = input.team1_id ?? game.team1Id
      const team2 = input.team2_id ?? game.team2Id
      if (team1 === team2) throw new ApiError(400, 'A game needs two different teams', { team2_id: 'Same as the home team' })
      if ((input.team1_id || input.team2_id) && game.seasonId && game.leagueId) {
        verifyTeamsInLeague(
          ...(await c.var.db.batch(teamsInLeagueQueries(c.var.db, orgId, game.seasonId, game.leagueId, [team1, team2]))),
        )
      }
      // A playoff game's teams and status decide its bracket like its score does (docs/playoffs.md "Corrections").
      const status = input.status ?? game.status
      const followUps =
        team1 !== game.team1Id || team2 !== game.team2Id || status !== game.status
          ? await bracketWritesAfterChange(c.var, orgId, game, { ...game, team1Id: team1, team2Id: team2, status })
          : []
      await updateGame(
        c.var.db,
        orgId,
        await orgTimeZone(c, orgId),
        game,
        {
          team1Id: team1,
          team2Id: team2,
          ...sentFields(input, ['date', 'time', 'location', 'status', 'locked']),
          ...placeOfGame(c, orgId, input, game),
        },
        followUps,
      )
      closesGame(c, orgId, game, input.status)
      return c.json({ game: (await gameDetail(c.var.db, orgId, game.id))?.game })
    },
  )
  .delete(
    '/:id',
    answers('Delete a game (one with a box score only with ?confirm=true)', { 204: null }),
    validate('param', z.object({ id })),
    async (c) => {
      const { orgId, row: game } = await gameRow.toWrite(c, c.req.valid('param').id)
      // Decision: a game with a box score goes only when the request confirms it (?confirm=true).
      if ((await gameHasStats(c.var.db, orgId, game.id)) && c.req.query('confirm') !== 'true') {
        throw new ApiError(409, 'This game has a box score. Deleting it deletes the recorded stats too.')
      }
      // A delete names the version it saw as ?version=: an edit made since is not deleted unseen.
      gameRow.expect(c, orgId, game.id, versionOf(c))
      // A playoff game goes only while no later round was played with its result (docs/playoffs.md).
      await deleteGame(c.var.db, orgId, game.id, await bracketWritesAfterChange(c.var, orgId, game, null))
      // Its live room stops writing and lets its fans go (docs/live-scoring.md).
      closeLiveRoom(c, orgId, game.id, 'deleted')
      return c.body(null, 204)
    },
  )

/** PUT /api/player-game-stats: a whole box score (or one player's line), saved atomically. */
export const playerGameStatsRoutes = new Hono<AppEnv>().put(
  '/',
  answers('Save a box score, or some of its lines', { 200: gameDetailAnswer }),
  validate('json', boxScoreBody),
  async (c) => {
    const orgId = writerOrgId(c)
    const input = c.req.valid('json')
    const game = await gameRow.of(c, orgId, input.game_id)
    if (input.stats.some((s) => s.game_id !== undefined && s.game_id !== game.id)) {
      throw new ApiError(400, 'Every stat must belong to this game', { stats: 'Another game' })
    }
    const [roster, [definitions], detail] = await inOneTrip(c.var.db, (db) =>
      Promise.all([rosterIds(db, orgId, game), db.batch([allStatDefinitions(db, orgId)]), gameDetail(db, orgId, game.id)]),
    )
    // A player who has left the roster keeps the side their recorded line belongs to.
    const recordedSide = new Map((detail?.playerStats ?? []).map((r) => [r.player_id, r.team_id]))
    const rows = input.stats.map((s) => {
      const teamId = roster.home.has(s.player_id)
        ? game.team1Id
        : roster.away.has(s.player_id)
          ? game.team2Id
          : (recordedSide.get(s.player_id) ?? null)
      if (teamId === null)
        throw new ApiError(400, 'Every player must be on one of the two rosters', {
          stats: `Player ${s.player_id} is not on either roster`,
        })
      if (!definitions.some((d) => d.id === s.stat_id)) throw notFound('Stat')
      return { playerId: s.player_id, teamId, statId: s.stat_id, value: s.value }
    })
    const lines = input.lineVersions ? Object.entries(input.lineVersions).map(([p, v]) => [Number(p), v] as const) : null
    // Which lines the save replaces (docs/api-concurrency.md): the ones lineVersions names (each
    // checked), or player_id's, else exactly the players it sends. A save never removes a line it
    // does not name: the game's version does not rise with its box score (a live game's box score
    // leaves the game row alone), so it cannot vouch for lines the client did not send.
    const only = lines ? lines.map(([p]) => p) : input.player_id ? [input.player_id] : [...new Set(rows.map((r) => r.playerId))]
    if (only && rows.some((r) => !only.includes(r.playerId)))
      throw new ApiError(400, lines ? 'Stats only for the lines named in lineVersions' : 'Stats for one player only', {
        stats: 'Mixed players',
      })
    if (lines) expectLineVersions(c, orgId, game.id, lines, detail)
    // After the line guard, so a clash on a line this save names is answered line by line first.
    if (input.boxScoreVersion !== undefined && input.boxScoreVersion !== null)
      expectBoxScoreVersion(c, orgId, game.id, input.boxScoreVersion, detail)
    // The game's version, when sent, is checked like any edit's: 409 when the game changed since.
    if (input.version !== undefined && input.version !== null) gameRow.expect(c, orgId, game.id, input.version)
    await saveBoxScore(c.var.db, orgId, game.id, rows, definitions, only)
    announceDeskSave(c, orgId, game.id)
    return c.json(await gameDetail(c.var.db, orgId, game.id))
  },
)

/**
 * A box score is compared line by line (docs/api-concurrency.md): the save goes through only while
 * every line it names still has the version the client read, so two people entering different
 * players never conflict, and a stale copy of a line is refused with the players it concerns.
 */
function expectLineVersions(
  c: Context<AppEnv>,
  orgId: number,
  gameId: number,
  lines: (readonly [number, number])[],
  detail: Awaited<ReturnType<typeof gameDetail>>,
) {
  const names = new Map(
    [...(detail?.homeRoster ?? []), ...(detail?.awayRoster ?? [])].map((p) => [p.id, `${p.firstName} ${p.lastName}`]),
  )
  c.var.guards.add({
    changed:
      'EXISTS (SELECT 1 FROM json_each(?) j WHERE coalesce((SELECT version FROM box_lines b WHERE b.game_id = ? AND b.organization_id = ? AND b.player_id = CAST(j.key AS INTEGER)), 0) <> j.value)',
    params: [JSON.stringify(Object.fromEntries(lines)), gameId, orgId],
    conflict: async () => {
      const current = await gameDetail(c.var.db, orgId, gameId)
      const now = current?.lineVersions ?? {}
      const changed = lines.filter(([p, v]) => (now[p] ?? 0) !== v).map(([p]) => names.get(p) ?? `Player ${p}`)
      const change = await lastBoxScoreChange(c.var.db, orgId, gameId)
      return new ApiError(
        409,
        `Someone else saved ${changed.length > 0 ? changed.join(', ') : 'these lines'} after you opened this box score. Review their values and save again.`,
        undefined,
        undefined,
        { current: current ?? null, changedBy: change, players: changed },
      )
    },
  })
}

/**
 * The whole box score as read (docs/api-concurrency.md): the save goes through only while no line
 * of the game changed since the client read `boxScoreVersion` (the sum of the line versions, which
 * only rises). The 409 names who saved last and the players whose lines that save wrote.
 */
function expectBoxScoreVersion(
  c: Context<AppEnv>,
  orgId: number,
  gameId: number,
  version: number,
  detail: Awaited<ReturnType<typeof gameDetail>>,
) {
  c.var.guards.add({
    changed: '(SELECT coalesce(sum(version), 0) FROM box_lines WHERE game_id = ? AND organization_id = ?) <> ?',
    params: [gameId, orgId, version],
    conflict: async () => {
      const [current, save] = await Promise.all([gameDetail(c.var.db, orgId, gameId), lastBoxScoreSave(c.var.db, orgId, gameId)])
      const roster = [
        ...(current?.homeRoster ?? []),
        ...(detail?.homeRoster ?? []),
        ...(current?.awayRoster ?? []),
        ...(detail?.awayRoster ?? []),
      ]
      const names = new Map(roster.map((p) => [p.id, `${p.firstName} ${p.lastName}`]))
      const players = (save?.players ?? []).map((p) => names.get(p) ?? `Player ${p}`)
      const lines =
        players.length === 0 ? 'its lines' : players.length === 1 ? `${players[0]}'s line` : `the lines of ${players.join(', ')}`
      return new ApiError(
        409,
        `This box score was changed by ${save?.username ?? 'someone else'} (${lines}) after you opened it. Review the current lines and save again.`,
        undefined,
        undefined,
        { current: current ?? null, changedBy: save ? { username: save.username, at: save.at } : null, players },
      )
    },
  })
}

/** Public byes and week-offs of the active season (docs/reference/public-site.md §7, docs/reference/league-admin.md §7). */
export const byeDatesRoutes = new Hono<AppEnv>().get(
  '/public',
  answers("A season's byes (the active one unless named)", { 200: z.object({ byes: z.array(byeDate) }) }),
  validate('query', z.object({ seasonId: id.optional() })),
  async (c) => {
    const orgId = await readerOrgId(c)
    const check = seasonCheck(c.var.db, orgId, c.req.valid('query').seasonId)
    const [season, rows] = await c.var.db.batch([check.query, byesQuery(c.var.db, orgId, check.seasonSql)])
    check.verify(season)
    return c.json({ byes: toByes(rows) })
  },
)

export const weekOffsRoutes = new Hono<AppEnv>()
  .get(
    '/public',
    answers("A season's week-offs (the active one unless named)", { 200: weekOffList }),
    validate('query', z.object({ seasonId: id.optional() })),
    async (c) => {
      const orgId = await readerOrgId(c)
      const check = seasonCheck(c.var.db, orgId, c.req.valid('query').seasonId)
      const [season, rows] = await c.var.db.batch([check.query, weekOffsQuery(c.var.db, orgId, check.seasonSql)])
      check.verify(season)
      return c.json({ weekOffs: toWeekOffs(rows) })
    },
  )
  .get(
    '/',
    answers("A season's week-offs, of one league or all", { 200: weekOffList }),
    validate('query', z.object({ seasonId: id.optional(), leagueId: id.optional() })),
    async (c) => {
      const orgId = writerOrgId(c)
      const q = c.req.valid('query')
      const seasonId = await seasonScope(c, orgId, q.seasonId)
      const offs = seasonId ? await listWeekOffs(c.var.db, orgId, seasonId) : []
      return c.json({ weekOffs: q.leagueId ? offs.filter((o) => o.league_id === q.leagueId) : offs })
    },
  )
  .post('/', answers('Add a week-off', { 201: newWeekOffAnswer }), validate('json', newWeekOff), async (c) => {
    const orgId = writerOrgId(c)
    const input = c.req.valid('json')
    const link = await getSeasonLeague(c.var.db, orgId, input.season_id, input.league_id)
    if (!link) throw notFound('League')
    const weekOff = await createWeekOff(c.var.db, orgId, {
      seasonId: input.season_id,
      leagueId: input.league_id,
      seasonsLeaguesId: link.id,
      date: input.date,
      reason: input.reason,
    })
    // Nothing moves silently: games already on that date stay until the schedule is regenerated.
    const onDate = (await listGames(c.var.db, orgId, { seasonId: input.season_id, leagueId: input.league_id })).filter(
      (g) => g.date === input.date,
    )
    return c.json({ weekOff, gamesOnDate: onDate.length }, 201)
  })
  .delete('/:id', answers('Delete a week-off', { 204: null }), validate('param', z.object({ id })), async (c) => {
    const orgId = writerOrgId(c)
    if (!(await deleteWeekOff(c.var.db, orgId, c.req.valid('param').id))) throw notFound('Week off')
    return c.body(null, 204)
  })
