// Tiebreaker settings of a league and playoff brackets (docs/playoffs.md "API").
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import {
  bracketList,
  type NewBracketNight,
  newBracket,
  oneBracket,
  oneTiebreakers,
  type Tiebreakers,
  type TiebreakRule,
  tiebreakerBody,
} from '../contract/playoffs'
import { type Db, inOneTrip, runBatch } from '../db/client'
import { expectVersion, noPlayedGameSince } from '../db/guards'
import {
  bracketJson,
  bracketQueries,
  bracketsOfSeasonQuery,
  inLeagueSeason,
  isPlayed,
  type LoadedBracket,
  loadBracket,
  noneOfTheseGamesPlayed,
  PLAYED_BRACKET_GAME,
  pickTime,
  planOf,
  syncGames,
  takenSet,
  takenTimesQuery,
} from '../db/queries/brackets'
import { seasonLeagueRows, seasonRows } from '../db/queries/seasons'
import { standings } from '../db/queries/teams'
import {
  bracketSlots,
  brackets,
  divisions,
  games,
  leagues,
  leagueTiebreakers,
  scheduleSlots,
  schedules,
  teams,
} from '../db/schema'
import { at, first } from '../domain/at'
import { drawSize, resolveBracket, bracketSlots as shapeOf } from '../domain/bracket'
import { DEFAULT_TIEBREAKERS } from '../domain/tiebreak'
import type { AppEnv } from '../env'
import { ApiError, notFound } from '../lib/errors'
import { answers } from '../lib/openapi'
import { id, validate, versionField, versionOf } from '../lib/validate'
import { instantOrRefuse, orgTimeZone } from '../lib/zone'
import { readerOrgId, writerOrgId } from '../middleware/tenant'

// ---------------------------------------------------------------- tiebreakers

function tiebreakersJson(leagueId: number, row: typeof leagueTiebreakers.$inferSelect | undefined): Tiebreakers {
  return {
    leagueId,
    // Stored rules are the ones the settings call accepted (tiebreakerBody).
    rules: (row?.rules ?? DEFAULT_TIEBREAKERS) as TiebreakRule[],
    pointCap: row?.pointCap ?? null,
    staffOrder: row?.staffOrder ?? [],
    playoffSpots: row?.playoffSpots ?? null,
    // 0: the league still has the default settings (no row yet).
    version: row?.version ?? 0,
  }
}

function tiebreakerReads(db: Db, orgId: number, leagueId: number) {
  return [
    db
      .select({ id: leagues.id })
      .from(leagues)
      .where(and(eq(leagues.id, leagueId), eq(leagues.organizationId, orgId))),
    db
      .select()
      .from(leagueTiebreakers)
      .where(and(eq(leagueTiebreakers.leagueId, leagueId), eq(leagueTiebreakers.organizationId, orgId))),
  ] as const
}

const leagueParam = z.object({ leagueId: id })

export const tiebreakersRoutes = new Hono<AppEnv>()
  .get('/:leagueId', answers("A league's tiebreakers", { 200: oneTiebreakers }), validate('param', leagueParam), async (c) => {
    const orgId = await readerOrgId(c)
    const { leagueId } = c.req.valid('param')
    const [[league], [row]] = await c.var.db.batch(tiebreakerReads(c.var.db, orgId, leagueId))
    if (!league) throw notFound('League')
    return c.json({ tiebreakers: tiebreakersJson(leagueId, row) })
  })
  .put(
    '/:leagueId',
    answers("Save a league's tiebreaker settings", { 200: oneTiebreakers }),
    validate('param', leagueParam),
    validate('json', tiebreakerBody),
    async (c) => {
      const orgId = writerOrgId(c)
      const { leagueId } = c.req.valid('param')
      const input = c.req.valid('json')
      const db = c.var.db
      const [[league], [row], drawn] = await db.batch([
        ...tiebreakerReads(db, orgId, leagueId),
        db
          .select({ id: teams.id })
          .from(teams)
          .where(and(eq(teams.organizationId, orgId), inArray(teams.id, input.staffOrder.length > 0 ? input.staffOrder : [-1]))),
      ])
      if (!league) throw notFound('League')
      if (drawn.length !== input.staffOrder.length) {
        throw new ApiError(400, 'The draw names a team that does not exist', { staffOrder: 'Unknown team' })
      }
      const current = async () => tiebreakersJson(leagueId, (await db.batch(tiebreakerReads(db, orgId, leagueId)))[1][0])
      if (input.version === 0) {
        // Saved from the defaults: refused if someone saved settings meanwhile.
        c.var.guards.add({
          changed: 'EXISTS (SELECT 1 FROM league_tiebreakers WHERE league_id = ?)',
          params: [leagueId],
          conflict: async () =>
            new ApiError(
              409,
              'These tiebreakers were changed after you opened them. Review the current values and save again.',
              undefined,
              undefined,
              {
                current: await current(),
              },
            ),
        })
      } else if (row) {
        expectVersion(c.var, { table: 'league_tiebreakers', orgId, id: row.id, version: input.version }, current)
      }
      const values = {
        rules: input.rules,
        pointCap: input.pointCap ?? null,
        staffOrder: input.staffOrder,
        playoffSpots: input.playoffSpots ?? null,
      }
      await runBatch(db, [
        db
          .insert(leagueTiebreakers)
          .values({ organizationId: orgId, leagueId, ...values })
          .onConflictDoUpdate({ target: leagueTiebreakers.leagueId, set: values }),
      ])
      return c.json({ tiebreakers: await current() })
    },
  )

// ---------------------------------------------------------------- brackets

/** Forfeits per team in a league's season (regular-season games): the team with the lower score forfeited. */
function forfeitsQuery(db: Db, orgId: number, seasonId: number, leagueId: number) {
  return db
    .select({ team1Id: games.team1Id, team2Id: games.team2Id, scoreTeam1: games.scoreTeam1, scoreTeam2: games.scoreTeam2 })
    .from(games)
    .where(inLeagueSeason(games, [orgId, seasonId, leagueId], eq(games.status, 'forfeit'), isNull(games.bracketSlotId)))
}

/** The league's schedule-builder time slots (every-week slots of its schedules in the season). */
function scheduleTimesQuery(db: Db, orgId: number, seasonId: number, leagueId: number) {
  return db
    .selectDistinct({ time: scheduleSlots.time })
    .from(scheduleSlots)
    .innerJoin(schedules, eq(schedules.id, scheduleSlots.scheduleId))
    .where(inLeagueSeason(schedules, [orgId, seasonId, leagueId], isNull(scheduleSlots.weekIndex)))
}

interface SeedInput {
  seasonId: number
  leagueId: number
  divisionId: number | null
  teams: number
  eligibility: 'all' | 'noForfeits'
}

/**
 * What seeding and placing read, in one round trip: the league's standings, its forfeits, the
 * times taken on the bracket's nights and the unavailability of the league's teams.
 */
function seedingReads(db: Db, orgId: number, input: SeedInput, dates: string[]) {
  return inOneTrip(db, (trip) =>
    Promise.all([
      standings(trip, orgId, input.seasonId, input.leagueId),
      trip.batch([
        forfeitsQuery(trip, orgId, input.seasonId, input.leagueId),
        takenTimesQuery(trip, orgId, input.seasonId, input.leagueId, dates),
        trip
          .select({ id: teams.id, name: teams.name, logoKey: teams.logoKey, unavailableSlots: teams.unavailableSlots })
          .from(teams)
          .where(
            and(
              eq(teams.organizationId, orgId),
              sql`${teams.id} in (select slt.team_id from seasons_leagues_teams slt join seasons_leagues sl on sl.id = slt.seasons_league_id where sl.season_id = ${input.seasonId} and sl.league_id = ${input.leagueId} and sl.organization_id = ${orgId})`,
            ),
          ),
      ]),
    ]),
  )
}

/** The seeds a bracket gets from the standings now: league (or division) order, eligible teams, top n. */
function pickSeeds(
  rows: Awaited<ReturnType<typeof standings>>,
  forfeits: { team1Id: number; team2Id: number; scoreTeam1: number; scoreTeam2: number }[],
  input: SeedInput,
) {
  const forfeited = new Set(
    forfeits.filter((g) => g.scoreTeam1 !== g.scoreTeam2).map((g) => (g.scoreTeam1 < g.scoreTeam2 ? g.team1Id : g.team2Id)),
  )
  const candidates = rows
    .filter((r) => input.divisionId === null || r.division_id === input.divisionId)
    .filter((r) => input.eligibility === 'all' || !forfeited.has(r.id))
  if (candidates.length < input.teams) {
    const why = input.eligibility === 'noForfeits' ? ' without a forfeit' : ''
    throw new ApiError(400, `Only ${candidates.length} teams${why} can enter this bracket`, {
      teams: `At most ${candidates.length}`,
    })
  }
  return candidates.slice(0, input.teams).map((r) => r.id)
}

/** Each round's night with its time slots: the chosen ones, else the schedule builder's. */
function nightsWithTimes(nights: NewBracketNight[], rounds: number, scheduleTimes: string[]) {
  if (nights.length < rounds) {
    throw new ApiError(400, `This bracket has ${rounds} rounds: choose a night for each`, {
      nights: `Choose ${rounds} nights`,
    })
  }
  return nights.slice(0, rounds).map((n, i) => {
    const times = n.times.length > 0 ? n.times : scheduleTimes
    if (times.length === 0) {
      throw new ApiError(400, `Choose the time slots of round ${i + 1}: the league's schedule has none`, {
        [`nights.${i}.times`]: 'Choose at least one time',
      })
    }
    return { date: n.date, times: [...times].sort(), location: n.location ?? null }
  })
}

async function bracketOf(c: Context<AppEnv>, orgId: number, bracketId: number) {
  const loaded = await loadBracket(c.var.db, orgId, bracketId)
  if (!loaded) throw notFound('Bracket')
  return loaded
}

function expectBracketVersion(c: Context<AppEnv>, orgId: number, bracketId: number, version: number | null | undefined) {
  expectVersion(c.var, { table: 'brackets', orgId, id: bracketId, version }, async () => {
    const now = await loadBracket(c.var.db, orgId, bracketId)
    return now ? bracketJson(now) : null
  })
}

const bracketId = z.object({ id })

export const bracketsRoutes = new Hono<AppEnv>()
  .get(
    '/',
    answers("A season's brackets", { 200: bracketList }),
    validate('query', z.object({ seasonId: id, leagueId: id.optional() })),
    async (c) => {
      const orgId = await readerOrgId(c)
      const { seasonId, leagueId } = c.req.valid('query')
      const [[season], rows] = await c.var.db.batch([
        seasonRows(c.var.db, orgId, seasonId),
        bracketsOfSeasonQuery(c.var.db, orgId, seasonId),
      ])
      if (!season) throw notFound('Season')
      return c.json({ brackets: rows.filter((b) => !leagueId || b.leagueId === leagueId) })
    },
  )
  .get('/:id', answers('A bracket with its games', { 200: oneBracket }), validate('param', bracketId), async (c) => {
    const orgId = await readerOrgId(c)
    return c.json({ bracket: bracketJson(await bracketOf(c, orgId, c.req.valid('param').id)) })
  })
  .post('/', answers('Create a bracket and its first games', { 201: oneBracket }), validate('json', newBracket), async (c) => {
    const orgId = writerOrgId(c)
    const input = c.req.valid('json')
    const db = c.var.db
    if (input.thirdPlace && input.teams < 4) {
      throw new ApiError(400, 'A third-place game needs at least 4 teams', { thirdPlace: 'Needs 4 teams or more' })
    }
    const divisionId = input.divisionId ?? null
    const [[season], [link], division, scheduleTimes] = await db.batch([
      seasonRows(db, orgId, input.seasonId),
      seasonLeagueRows(db, orgId, input.seasonId, input.leagueId),
      db
        .select({ id: divisions.id, name: divisions.name })
        .from(divisions)
        .where(
          and(eq(divisions.id, divisionId ?? -1), eq(divisions.organizationId, orgId), eq(divisions.seasonId, input.seasonId)),
        ),
      scheduleTimesQuery(db, orgId, input.seasonId, input.leagueId),
    ])
    if (!season) throw notFound('Season')
    if (!link) throw notFound('League')
    if (divisionId !== null && division.length === 0) throw notFound('Division')
    const rounds = Math.log2(drawSize(input.teams))
    const nights = nightsWithTimes(
      input.nights,
      rounds,
      scheduleTimes.map((t) => t.time),
    )
    const [rows, [forfeits, taken, teamRows]] = await seedingReads(
      db,
      orgId,
      { ...input, divisionId },
      nights.map((n) => n.date),
    )
    const seeds = pickSeeds(rows, forfeits, { ...input, divisionId })
    const zone = await orgTimeZone(c, orgId)
    const takenTimes = takenSet(taken, new Set())
    const thisBracket = sql<number>`(select max(id) from ${brackets} where ${brackets.organizationId} = ${orgId})`
    const shape = shapeOf(seeds.length, input.thirdPlace)
    const first = resolveBracket({ seeds, thirdPlace: input.thirdPlace, reseed: input.reseed }, new Map())
    const name = input.name || `${link.name ?? 'League'} playoffs${division[0] ? ` — ${division[0].name}` : ''}`
    const items: BatchItem<'sqlite'>[] = [
      db.insert(brackets).values({
        organizationId: orgId,
        seasonId: input.seasonId,
        leagueId: input.leagueId,
        divisionId,
        name,
        seeds,
        thirdPlace: input.thirdPlace,
        reseed: input.reseed,
        eligibility: input.eligibility,
        rounds: nights,
      }),
      db
        .insert(bracketSlots)
        .values(
          shape.map((s) => ({ organizationId: orgId, bracketId: thisBracket, round: s.round, slot: s.slot, kind: s.kind })),
        ),
    ]
    for (const s of first.slots) {
      if (s.team1 === null || s.team2 === null) continue
      const plan = at(nights, s.round - 1)
      const t = pickTime(plan, takenTimes, [s.team1, s.team2], teamRows)
      items.push(
        db.insert(games).values({
          organizationId: orgId,
          seasonId: input.seasonId,
          leagueId: input.leagueId,
          seasonsLeagueId: link.id,
          team1Id: s.team1,
          team2Id: s.team2,
          date: plan.date,
          time: t,
          gameDateTime: instantOrRefuse(plan.date, t, zone),
          location: plan.location,
          status: 'scheduled',
          bracketSlotId: sql`(select ${bracketSlots.id} from ${bracketSlots} where ${bracketSlots.bracketId} = ${thisBracket} and ${bracketSlots.kind} = ${s.kind} and ${bracketSlots.round} = ${s.round} and ${bracketSlots.slot} = ${s.slot})`,
        }),
      )
    }
    // The new bracket read back in the same batch (one round trip for the whole write).
    const results = await runBatch(db, [...items, ...bracketQueries(db, orgId, thisBracket)])
    const [created, slotRows, gameRows, seedRows] = results.slice(-4) as [
      LoadedBracket['bracket'][],
      LoadedBracket['slots'],
      LoadedBracket['games'],
      LoadedBracket['teams'],
    ]
    return c.json({ bracket: bracketJson({ bracket: at(created, 0), slots: slotRows, games: gameRows, teams: seedRows }) }, 201)
  })
  .post(
    '/:id/reseed',
    answers("Seed a bracket again from today's standings", { 200: oneBracket }),
    validate('param', bracketId),
    validate('json', z.object({ version: versionField }).default({ version: undefined })),
    async (c) => {
      const orgId = writerOrgId(c)
      const loaded = await bracketOf(c, orgId, c.req.valid('param').id)
      const { bracket } = loaded
      if (loaded.games.some(isPlayed)) {
        throw new ApiError(409, 'Games of this bracket have been played: it can no longer be reseeded.')
      }
      expectBracketVersion(c, orgId, bracket.id, c.req.valid('json').version)
      const db = c.var.db
      const seedInput = {
        seasonId: bracket.seasonId,
        leagueId: bracket.leagueId,
        divisionId: bracket.divisionId,
        teams: bracket.seeds.length,
        eligibility: bracket.eligibility,
      }
      const [rows, [forfeits, taken, teamRows]] = await seedingReads(
        db,
        orgId,
        seedInput,
        bracket.rounds.map((n) => n.date),
      )
      const seeds = pickSeeds(rows, forfeits, seedInput)
      const reseeded: LoadedBracket = { ...loaded, bracket: { ...bracket, seeds }, teams: teamRows }
      const resolved = resolveBracket(planOf(reseeded.bracket), new Map())
      const ownGames = new Set(loaded.games.map((g) => g.game.id))
      const sync = syncGames(db, orgId, reseeded, resolved, takenSet(taken, ownGames))
      noneOfTheseGamesPlayed(
        c.var.guards,
        [...ownGames],
        'A game of this bracket was scored while it was being reseeded. Nothing was changed.',
      )
      const results = await runBatch(db, [
        db
          .update(brackets)
          .set({ seeds })
          .where(and(eq(brackets.id, bracket.id), eq(brackets.organizationId, orgId))),
        ...sync.items,
        ...bracketQueries(db, orgId, bracket.id),
      ])
      const [now, slotRows, gameRows, seedRows] = results.slice(-4) as [
        LoadedBracket['bracket'][],
        LoadedBracket['slots'],
        LoadedBracket['games'],
        LoadedBracket['teams'],
      ]
      return c.json({ bracket: bracketJson({ bracket: first(now), slots: slotRows, games: gameRows, teams: seedRows }) })
    },
  )
  .delete('/:id', answers('Delete a bracket and its unplayed games', { 204: null }), validate('param', bracketId), async (c) => {
    const orgId = writerOrgId(c)
    const loaded = await bracketOf(c, orgId, c.req.valid('param').id)
    if (loaded.games.some(isPlayed)) {
      throw new ApiError(409, 'Games of this bracket have been played: a bracket with results cannot be deleted.')
    }
    expectBracketVersion(c, orgId, loaded.bracket.id, versionOf(c))
    noPlayedGameSince(
      c.var,
      'g.organization_id = ? AND g.bracket_slot_id IN (SELECT id FROM bracket_slots WHERE bracket_id = ?)',
      [orgId, loaded.bracket.id],
      'this bracket',
      PLAYED_BRACKET_GAME,
    )
    const db = c.var.db
    await runBatch(db, [
      db
        .delete(games)
        .where(
          and(
            eq(games.organizationId, orgId),
            inArray(
              games.bracketSlotId,
              db.select({ id: bracketSlots.id }).from(bracketSlots).where(eq(bracketSlots.bracketId, loaded.bracket.id)),
            ),
          ),
        ),
      db.delete(brackets).where(and(eq(brackets.id, loaded.bracket.id), eq(brackets.organizationId, orgId))),
    ])
    return c.body(null, 204)
  })
