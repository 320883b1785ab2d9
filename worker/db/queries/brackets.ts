// Brackets and their games in D1 (docs/playoffs.md "Brackets"). The bracket's shape and who plays
// whom come from worker/domain/bracket.ts; this file reads a bracket with its games in one batch and
// turns a resolved bracket into the game writes that make it so (inserts for games whose teams are
// now known, team changes for unplayed games, deletes for games whose teams are no longer known).
import { type AnyColumn, and, asc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm'
import type { BatchItem } from 'drizzle-orm/batch'
import type { Bracket as BracketAnswer } from '../../contract/playoffs'
import {
  type BracketPlan,
  type PlayedGame,
  type ResolvedBracket,
  type ResolvedSlot,
  resolveBracket,
  roundName,
  slotKey,
} from '../../domain/bracket'
import { countsForStandings } from '../../domain/standings'
import { ApiError } from '../../lib/errors'
import { instantOrNextValid } from '../../lib/zone'
import { type Db, inOneTrip } from '../client'
import type { WriteGuards } from '../guards'
import { bracketSlots, brackets, games, organizations, playerGameStats, teams } from '../schema'
import { mediaUrl } from './shared'

export type Bracket = typeof brackets.$inferSelect
export type BracketGame = typeof games.$inferSelect
export type RoundPlan = Bracket['rounds'][number]

/** The bracket, its slots, its games and the teams it names (seeds), as four batchable reads. */
export function bracketQueries(db: Db, orgId: number, bracketId: number | SQL<number>) {
  const seedIds = sql`(select value from json_each((select ${brackets.seeds} from ${brackets} where ${brackets.id} = ${bracketId} and ${brackets.organizationId} = ${orgId})))`
  return [
    // With the organization's zone, in which the rounds' dates and times are read.
    db
      .select({
        ...getTableColumns(brackets),
        timeZone: sql<string>`(select ${organizations.timeZone} from ${organizations} where ${organizations.id} = ${orgId})`,
      })
      .from(brackets)
      .where(and(eq(brackets.id, bracketId), eq(brackets.organizationId, orgId))),
    db
      .select()
      .from(bracketSlots)
      .where(and(eq(bracketSlots.bracketId, bracketId), eq(bracketSlots.organizationId, orgId))),
    db
      .select({
        game: games,
        boxScore: sql<number>`exists (select 1 from ${playerGameStats} where ${playerGameStats.gameId} = "games"."id" and ${playerGameStats.organizationId} = ${orgId})`,
      })
      .from(games)
      .where(
        and(
          eq(games.organizationId, orgId),
          inArray(
            games.bracketSlotId,
            db
              .select({ id: bracketSlots.id })
              .from(bracketSlots)
              .where(and(eq(bracketSlots.bracketId, bracketId), eq(bracketSlots.organizationId, orgId))),
          ),
        ),
      ),
    db
      .select({ id: teams.id, name: teams.name, logoKey: teams.logoKey, unavailableSlots: teams.unavailableSlots })
      .from(teams)
      .where(and(eq(teams.organizationId, orgId), sql`${teams.id} in ${seedIds}`)),
  ] as const
}

export interface LoadedBracket {
  /** The bracket's row, with its organization's time zone. */
  bracket: Bracket & { timeZone: string }
  slots: (typeof bracketSlots.$inferSelect)[]
  games: { game: BracketGame; boxScore: number }[]
  teams: { id: number; name: string; logoKey: string | null; unavailableSlots: string[] }[]
}

export async function loadBracket(db: Db, orgId: number, bracketId: number): Promise<LoadedBracket | null> {
  const [[bracket], slots, gameRows, teamRows] = await db.batch(bracketQueries(db, orgId, bracketId))
  if (!bracket) return null
  return { bracket, slots, games: gameRows, teams: teamRows }
}

/**
 * A bracket game is played once it is decided (a winner by score, docs/reference/league-admin.md
 * §9's counting rule) or has a box score. A score cleared back to 0–0 un-plays it, so a later round
 * can be corrected after its own score is cleared.
 */
export const isPlayed = (g: { game: BracketGame; boxScore: number }) => countsForStandings(g.game) || !!g.boxScore

/**
 * isPlayed in raw SQL over alias g, for the guards that check it again inside a write's batch: the
 * standings' counting rule (worker/domain/standings.ts countsForStandings) or a box-score line.
 */
export const PLAYED_BRACKET_GAME = `((g.status NOT IN ('postponed', 'cancelled') AND g.score_team1 <> g.score_team2 AND (g.status IN ('completed', 'forfeit') OR g.score_team1 > 0 OR g.score_team2 > 0)) OR EXISTS (SELECT 1 FROM player_game_stats s WHERE s.game_id = g.id))`

/** Played games by slot key, a decided game's winner from its score. */
export function playedBySlot(loaded: LoadedBracket, override?: { gameId: number; game: BracketGame }) {
  const keyOf = new Map(loaded.slots.map((s) => [s.id, slotKey(s)]))
  const played = new Map<string, PlayedGame>()
  for (const row of loaded.games) {
    const g = override && row.game.id === override.gameId ? override.game : row.game
    if (!g.bracketSlotId || !countsForStandings(g)) continue
    played.set(keyOf.get(g.bracketSlotId) as string, {
      teams: [g.team1Id, g.team2Id],
      winner: g.scoreTeam1 > g.scoreTeam2 ? g.team1Id : g.team2Id,
    })
  }
  return played
}

export const planOf = (b: Bracket): BracketPlan => ({ seeds: b.seeds, thirdPlace: b.thirdPlace, reseed: b.reseed })

/** "Semi-finals (Ballers vs And One)". */
function describeSlot(loaded: LoadedBracket, resolved: ResolvedBracket, slot: ResolvedSlot, game: BracketGame) {
  const name = (id: number) => loaded.teams.find((t) => t.id === id)?.name ?? `Team ${id}`
  return `${roundName(slot.round, resolved.rounds, slot.kind)} game ${name(game.team1Id)} vs ${name(game.team2Id)}${game.date ? ` on ${game.date}` : ''}`
}

/**
 * The game writes that bring the bracket's games in line with `resolved`, or a 409 when a played
 * game no longer fits (a later round already played with the old winner). `taken` holds the times
 * already used on each night (`date time`), and is extended by the games placed here.
 */
export function syncGames(
  db: Db,
  orgId: number,
  loaded: LoadedBracket,
  resolved: ResolvedBracket,
  taken: Set<string>,
  skipGameId?: number,
): { items: BatchItem<'sqlite'>[]; changedGameIds: number[] } {
  const { bracket } = loaded
  const slotIds = new Map(loaded.slots.map((s) => [slotKey(s), s.id]))
  const gameOfSlot = new Map(loaded.games.map((g) => [g.game.bracketSlotId, g]))
  const items: BatchItem<'sqlite'>[] = []
  const changedGameIds: number[] = []
  for (const slot of resolved.slots) {
    const slotId = slotIds.get(slotKey(slot))
    if (slotId === undefined) continue
    const existing = gameOfSlot.get(slotId)
    const known = slot.team1 !== null && slot.team2 !== null
    if (existing && existing.game.id === skipGameId) continue
    if (existing && isPlayed(existing)) {
      const fits = known && [slot.team1, slot.team2].every((t) => t === existing.game.team1Id || t === existing.game.team2Id)
      if (!fits) {
        throw new ApiError(
          409,
          `The ${describeSlot(loaded, resolved, slot, existing.game)} was already played with the old result. Clear that game's score first, then correct this one.`,
        )
      }
      continue
    }
    if (existing) {
      if (!known) {
        items.push(db.delete(games).where(and(eq(games.id, existing.game.id), eq(games.organizationId, orgId))))
        changedGameIds.push(existing.game.id)
      } else if (existing.game.team1Id !== slot.team1 || existing.game.team2Id !== slot.team2) {
        items.push(
          db
            .update(games)
            .set({ team1Id: slot.team1 as number, team2Id: slot.team2 as number })
            .where(and(eq(games.id, existing.game.id), eq(games.organizationId, orgId))),
        )
        changedGameIds.push(existing.game.id)
      }
      continue
    }
    if (!known) continue
    const plan = bracket.rounds[Math.min(slot.round, bracket.rounds.length) - 1]
    const time = pickTime(plan, taken, [slot.team1 as number, slot.team2 as number], loaded.teams)
    items.push(
      db.insert(games).values({
        organizationId: orgId,
        seasonId: bracket.seasonId,
        leagueId: bracket.leagueId,
        seasonsLeagueId: sql`(select id from seasons_leagues where season_id = ${bracket.seasonId} and league_id = ${bracket.leagueId} and organization_id = ${orgId})`,
        team1Id: slot.team1 as number,
        team2Id: slot.team2 as number,
        date: plan?.date ?? null,
        time,
        gameDateTime: instantOrNextValid(plan?.date ?? null, time, bracket.timeZone),
        location: plan?.location ?? null,
        status: 'scheduled',
        bracketSlotId: slotId,
      }),
    )
  }
  return { items, changedGameIds }
}

/**
 * The first of the round's time slots that is free that night and that neither team has marked
 * unavailable (docs/reference/schedule-builder.md); null (time to be set) when none is.
 */
export function pickTime(
  plan: RoundPlan | undefined,
  taken: Set<string>,
  pair: number[],
  teamRows: { id: number; unavailableSlots: string[] }[],
): string | null {
  if (!plan) return null
  const blocked = new Set(pair.flatMap((id) => teamRows.find((t) => t.id === id)?.unavailableSlots ?? []))
  const time = plan.times.find((t) => !taken.has(`${plan.date} ${t}`) && !blocked.has(t)) ?? null
  if (time) taken.add(`${plan.date} ${time}`)
  return time
}

/** The organization's rows of a league in a season (its games, its schedules), narrowed by any further conditions. */
export const inLeagueSeason = (
  table: { organizationId: AnyColumn; seasonId: AnyColumn; leagueId: AnyColumn },
  [orgId, seasonId, leagueId]: [number, number, number],
  ...more: SQL[]
) => and(eq(table.organizationId, orgId), eq(table.seasonId, seasonId), eq(table.leagueId, leagueId), ...more)

/** Times already used on the bracket's nights by the league's other games (`date time`). */
export function takenTimesQuery(db: Db, orgId: number, seasonId: number, leagueId: number, dates: string[]) {
  return db
    .select({ id: games.id, date: games.date, time: games.time })
    .from(games)
    .where(inLeagueSeason(games, [orgId, seasonId, leagueId], inArray(games.date, dates.length > 0 ? dates : [''])))
}

export function takenSet(rows: { id: number; date: string | null; time: string | null }[], except: Set<number>) {
  return new Set(rows.filter((r) => r.date && r.time && !except.has(r.id)).map((r) => `${r.date} ${r.time}`))
}

/** A write goes through only while none of these games has been played (docs/api-concurrency.md). */
export function noneOfTheseGamesPlayed(guards: Pick<WriteGuards, 'add'>, gameIds: number[], message: string) {
  if (gameIds.length === 0) return
  guards.add({
    changed: `EXISTS (SELECT 1 FROM games g WHERE g.id IN (${gameIds.map(() => '?').join(',')}) AND ${PLAYED_BRACKET_GAME})`,
    params: gameIds,
    conflict: async () => new ApiError(409, message),
  })
}

/** ...and while no game has been placed meanwhile in a slot this write places one in. */
function slotsStillEmpty(guards: Pick<WriteGuards, 'add'>, orgId: number, slotIds: number[]) {
  if (slotIds.length === 0) return
  guards.add({
    changed: `EXISTS (SELECT 1 FROM games WHERE organization_id = ? AND bracket_slot_id IN (${slotIds.map(() => '?').join(',')}))`,
    params: [orgId, ...slotIds],
    conflict: async () => new ApiError(409, 'Another result of this bracket was saved at the same time. Reload and try again.'),
  })
}

/**
 * What a final score does to its bracket (docs/playoffs.md "Advancing"), wherever the score comes
 * from — the desk's score save (PUT /api/gamesv2/{id}/scores) and the live game room's final
 * whistle (worker/live/game-room.ts, docs/live-scoring.md) both call this: for a playoff game, the
 * writes that advance the winner (or re-resolve later unplayed rounds after a correction), to go in
 * the same D1 batch as the score, and the write guards that keep that batch honest. Throws a 409
 * ApiError when a later round was already played with the old result. Nothing for any other game
 * (no read either).
 *
 * `status` is the status the score is saved with; by default the desk's rule (a scheduled game with
 * points becomes completed, worker/db/queries/games.ts saveScores).
 */
export async function bracketWritesAfterScore(
  ctx: { db: Db; guards: Pick<WriteGuards, 'add'> },
  orgId: number,
  game: BracketGame,
  score: { home: number; away: number; status?: BracketGame['status'] },
): Promise<BatchItem<'sqlite'>[]> {
  const status = score.status ?? (game.status === 'scheduled' && (score.home > 0 || score.away > 0) ? 'completed' : game.status)
  return bracketWritesAfterChange(ctx, orgId, game, { ...game, scoreTeam1: score.home, scoreTeam2: score.away, status })
}

/**
 * What any change to a bracket game does to its bracket (docs/playoffs.md "Corrections"): `saved`
 * is the game as the write leaves it (teams, status, score), or null when the game is deleted. Like
 * a score, the change re-resolves later unplayed rounds in the same batch, and is refused with the
 * same 409 naming the later game when a later round was already played with the old result — so a
 * played-past round cannot be postponed, given other teams or deleted either. Nothing for a game
 * outside a bracket (no read either).
 */
export async function bracketWritesAfterChange(
  { db, guards }: { db: Db; guards: Pick<WriteGuards, 'add'> },
  orgId: number,
  game: BracketGame,
  saved: BracketGame | null,
): Promise<BatchItem<'sqlite'>[]> {
  if (!game.bracketSlotId) return []
  const bracketIdSql = sql<number>`(select ${bracketSlots.bracketId} from ${bracketSlots} where ${bracketSlots.id} = ${game.bracketSlotId} and ${bracketSlots.organizationId} = ${orgId})`
  const [[bracket], slots, gameRows, teamRows, taken] = await inOneTrip(db, (trip) =>
    trip.batch([
      ...bracketQueries(trip, orgId, bracketIdSql),
      trip
        .select({ id: games.id, date: games.date, time: games.time })
        .from(games)
        .where(
          and(
            eq(games.organizationId, orgId),
            eq(games.seasonId, game.seasonId ?? -1),
            eq(games.leagueId, game.leagueId ?? -1),
            sql`${games.date} in (select json_extract(value, '$.date') from json_each((select ${brackets.rounds} from ${brackets} where ${brackets.id} = ${bracketIdSql} and ${brackets.organizationId} = ${orgId})))`,
          ),
        ),
    ]),
  )
  if (!bracket) return []
  const loaded: LoadedBracket = { bracket, slots, games: gameRows, teams: teamRows }
  // A deleted game decides nothing: its slot is played by no one.
  const after = saved ?? { ...game, status: 'cancelled' as const }
  const resolved = resolveBracket(planOf(bracket), playedBySlot(loaded, { gameId: game.id, game: after }))
  const ownGames = new Set(gameRows.map((g) => g.game.id))
  const sync = syncGames(db, orgId, loaded, resolved, takenSet(taken, ownGames), game.id)
  const gameSlots = new Set(gameRows.map((g) => g.game.bracketSlotId))
  const slotIds = new Map(slots.map((s) => [slotKey(s), s.id]))
  const placed = resolved.slots
    .map((s) => slotIds.get(slotKey(s)))
    .filter((s): s is number => s !== undefined && !gameSlots.has(s))
  noneOfTheseGamesPlayed(
    guards,
    sync.changedGameIds,
    'A later round of this bracket was scored while this result was being saved. Reload and try again.',
  )
  slotsStillEmpty(guards, orgId, placed)
  return sync.items
}

/** The bracket as the API answers it (docs/playoffs.md "API"). */
export function bracketJson(loaded: LoadedBracket): BracketAnswer {
  const { bracket } = loaded
  const resolved = resolveBracket(planOf(bracket), playedBySlot(loaded))
  const team = (id: number | null) => {
    if (id === null) return null
    const t = loaded.teams.find((x) => x.id === id)
    return t ? { id: t.id, name: t.name, logo: mediaUrl(t.logoKey), seed: bracket.seeds.indexOf(id) + 1 } : null
  }
  const slotIds = new Map(loaded.slots.map((s) => [slotKey(s), s.id]))
  const gameOfSlot = new Map(loaded.games.map((g) => [g.game.bracketSlotId, g.game]))
  return {
    id: bracket.id,
    version: bracket.version,
    name: bracket.name,
    seasonId: bracket.seasonId,
    leagueId: bracket.leagueId,
    divisionId: bracket.divisionId,
    thirdPlace: bracket.thirdPlace,
    reseed: bracket.reseed,
    eligibility: bracket.eligibility,
    nights: bracket.rounds,
    rounds: resolved.rounds,
    seeds: bracket.seeds.map((id) => team(id)),
    byes: resolved.byes,
    champion: team(resolved.champion),
    thirdPlaceWinner: team(resolved.third),
    slots: resolved.slots.map((s) => {
      const game = gameOfSlot.get(slotIds.get(slotKey(s)) ?? -1) ?? null
      return {
        kind: s.kind,
        round: s.round,
        slot: s.slot,
        roundName: roundName(s.round, resolved.rounds, s.kind),
        team1: team(s.team1),
        team2: team(s.team2),
        winnerId: s.winner,
        game: game && {
          id: game.id,
          version: game.version,
          date: game.date,
          time: game.time,
          location: game.location,
          status: game.status,
          team1Id: game.team1Id,
          team2Id: game.team2Id,
          scoreTeam1: game.scoreTeam1,
          scoreTeam2: game.scoreTeam2,
        },
      }
    }),
  }
}

/** The brackets of a season (newest first), as batchable rows. */
export function bracketsOfSeasonQuery(db: Db, orgId: number, seasonId: number) {
  return db
    .select({
      id: brackets.id,
      name: brackets.name,
      leagueId: brackets.leagueId,
      divisionId: brackets.divisionId,
      seasonId: brackets.seasonId,
      version: brackets.version,
    })
    .from(brackets)
    .where(and(eq(brackets.organizationId, orgId), eq(brackets.seasonId, seasonId)))
    .orderBy(asc(brackets.id))
}

/**
 * What a shared link to a bracket says (docs/playoffs.md): the champion once there is one, else the
 * next matchup to be played (the earliest game whose two teams are known).
 */
export async function bracketPreview(db: Db, orgId: number, bracketId: number) {
  const loaded = await loadBracket(db, orgId, bracketId)
  if (!loaded) return null
  const b = bracketJson(loaded)
  if (b.champion) return { name: b.name, champion: b.champion.name, next: null }
  const next = b.slots
    .filter((s) => s.team1 && s.team2 && s.winnerId === null)
    .sort((x, y) =>
      `${x.game?.date ?? '9999'} ${x.game?.time ?? ''}`.localeCompare(`${y.game?.date ?? '9999'} ${y.game?.time ?? ''}`),
    )[0]
  if (!next?.team1 || !next.team2) return { name: b.name, champion: null, next: null }
  // The facts of a link preview; worker/routes/site-meta.ts words them in the page's language.
  return {
    name: b.name,
    champion: null,
    next: {
      round: next.roundName,
      team1: next.team1.name,
      seed1: next.team1.seed,
      team2: next.team2.name,
      seed2: next.team2.seed,
      date: next.game?.date ?? null,
      time: next.game?.time ?? null,
    },
  }
}
