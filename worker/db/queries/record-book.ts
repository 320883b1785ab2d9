// The record book (docs/records.md): single-game, single-season and career records of one stat,
// read in one D1 batch from the indexes made for them (migration 0013): the box score's own
// (organization, stat, value) index for single games, record_totals (kept by triggers in the
// box-score write's transaction) for seasons, careers, averages and percentages.

import type { RecordBook, RecordEntry, RecordList } from '../../contract/records'
import { at } from '../../domain/at'
import { isPercentage } from '../../domain/derived-stats'
import type { Db } from '../client'
import { rawShownNames } from './shown-names'

/** How many places a list shows; ties at the last place are all shown, up to LIST_CAP rows. */
export const LIST_PLACES = 10
export const LIST_CAP = 25
/** A league with at most this many games has its single-game records sorted, not walked. */
const SMALL_LEAGUE = 500

export interface RecordFilters {
  /** A league of the organization; null: every league. */
  leagueId: number | null
  /** First and last season of the range (by start date); null: from the first / to the last. */
  fromSeasonId: number | null
  toSeasonId: number | null
}

export type RecordKind = 'count' | 'percentage'

export const recordKind = (abbreviation: string): RecordKind => (isPercentage(abbreviation) ? 'percentage' : 'count')

/**
 * `season_id IN (…)` for the season range, as SQL with its parameters: the organization's seasons
 * whose start date lies between those of the first and last season chosen (seasons without a start
 * date sort first, as ''). Empty when no range is set.
 */
function seasonRange(column: string, orgId: number, f: RecordFilters): { sql: string; params: number[] } {
  if (!f.fromSeasonId && !f.toSeasonId) return { sql: '', params: [] }
  const start = (id: number) =>
    `(SELECT coalesce(start_date, '') FROM seasons WHERE id = ${Number(id)} AND organization_id = ${Number(orgId)})`
  const low = f.fromSeasonId ? start(f.fromSeasonId) : "''"
  const high = f.toSeasonId ? start(f.toSeasonId) : "'9999'"
  return {
    sql: ` AND ${column} IN (SELECT id FROM seasons WHERE organization_id = ? AND coalesce(start_date, '') BETWEEN ${low} AND ${high})`,
    params: [orgId],
  }
}

const hasRange = (f: RecordFilters) => Boolean(f.fromSeasonId || f.toSeasonId)

/**
 * The visible stats of the sport the organization's pages show (the active season's, else its
 * first by name), as SQL: the record book's stat choices.
 */
const pagesSport = (orgId: number) =>
  `coalesce((SELECT sport_id FROM seasons WHERE organization_id = ${orgId} AND active = 1 ORDER BY start_date DESC, id DESC LIMIT 1),
    (SELECT s.id FROM organization_sports os INNER JOIN sports s ON s.id = os.sport_id WHERE os.organization_id = ${orgId} ORDER BY s.name LIMIT 1), -1)`

const PERCENTAGE_LIST = "('FG%', 'FT%', '2P%', '3P%')"

/**
 * The statements of one stat's record book, in batch order: the visible stats, the organization's
 * seasons and leagues and its qualification settings, then the lists. The stat is the one asked
 * for among the visible ones, else the first of them — chosen inside the SQL, so the whole answer
 * is one round trip; the lists of the other kind (counting or percentage) find nothing at once.
 */
export function recordBookStatements(
  db: Db,
  orgId: number,
  statId: number | null,
  f: RecordFilters,
  /** The public site's neutral word for a hidden name (worker/db/queries/shown-names.ts); staff: undefined. */
  hidden?: string,
) {
  const PLAYER = rawShownNames(hidden)
  const d1 = db.$client
  const org = Number(orgId)
  const limit = LIST_CAP + 1
  const stat = `(SELECT id FROM stat_definitions WHERE organization_id = ${org} AND sport_id = ${pagesSport(org)} AND is_visible = 1
    ${statId ? `AND id = ${Number(statId)}` : ''} ORDER BY "order", id LIMIT 1)`
  const isPct = `(SELECT abbreviation IN ${PERCENTAGE_LIST} FROM stat_definitions WHERE id = ${stat})`
  const range = seasonRange('r.season_id', org, f)
  const league = f.leagueId ? ' AND r.league_id = ?' : ''
  const leagueParams = f.leagueId ? [f.leagueId] : []
  const minGames = `(SELECT record_min_games FROM organizations WHERE id = ${org})`
  const minAttempts = `(SELECT record_min_attempts FROM organizations WHERE id = ${org})`
  // What qualifies a rate, and the largest value of it over the stat's rows (checked once, before
  // the walk: when nobody qualifies, the walk down the rate index is skipped, not run to its end).
  const qualified = (kind: RecordKind) => {
    const [volume, minimum] = kind === 'percentage' ? ['attempts', minAttempts] : ['games', minGames]
    return `r.${volume} >= ${minimum}`
  }
  // LIMIT 0 ends a statement before its first row: the guard for the lists of the other kind, and
  // for rates nobody qualifies for (a WHERE term would still walk the whole index).
  const limitIf = (condition: string) => `LIMIT (CASE WHEN ${condition} THEN ${limit} ELSE 0 END)`
  const kindIs = (kind: RecordKind) => `${isPct} = ${kind === 'percentage' ? 1 : 0}`
  const anyQualified = (kind: RecordKind, career: 0 | 1) => {
    const [volume, minimum] = kind === 'percentage' ? ['attempts', minAttempts] : ['games', minGames]
    return `${kindIs(kind)} AND (SELECT max(${volume}) FROM record_totals WHERE organization_id = ${org} AND stat_id = ${stat} AND career = ${career}) >= ${minimum}`
  }
  const volumeOf = (kind: RecordKind) => (kind === 'percentage' ? 'attempts' : 'games')
  const minimumOf = (kind: RecordKind) => (kind === 'percentage' ? minAttempts : minGames)

  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `SELECT id, name, abbreviation FROM stat_definitions WHERE organization_id = ? AND sport_id = ${pagesSport(org)} AND is_visible = 1 ORDER BY "order", id`,
      )
      .bind(org),
    d1
      .prepare(`SELECT id, name, start_date FROM seasons WHERE organization_id = ? ORDER BY coalesce(start_date, ''), id`)
      .bind(org),
    d1.prepare('SELECT id, name FROM leagues WHERE organization_id = ? ORDER BY name, id').bind(org),
    d1.prepare(`SELECT ${stat} AS stat_id, ${minGames} AS min_games, ${minAttempts} AS min_attempts`),
  ]

  // Single games: the box score's rows of the stat from the highest value down (the value index),
  // or for a league with few games its games' rows sorted (walking the whole history's values for
  // a league's few would read them all). Either statement runs, never both.
  const gameRange = seasonRange('g.season_id', org, f)
  const singleGame = (from: string, join: string, where: string, condition: string) =>
    d1
      .prepare(
        `SELECT b.value AS value, b.player_id AS player_id, ${PLAYER}, b.game_id AS game_id, g.date AS date,
           g.season_id AS season_id, s.name AS season_name, b.team_id AS team_id, t.name AS team_name,
           o.id AS opponent_id, o.name AS opponent_name
         FROM ${from} ${join}
         INNER JOIN players p ON p.id = b.player_id
         INNER JOIN seasons s ON s.id = g.season_id
         INNER JOIN teams t ON t.id = b.team_id
         INNER JOIN teams o ON o.id = CASE WHEN b.team_id = g.team1_id THEN g.team2_id ELSE g.team1_id END
         WHERE ${where}b.organization_id = ? AND b.stat_id = ${stat} AND b.value > 0${f.leagueId ? ' AND g.league_id = ?' : ''}${gameRange.sql}
         ORDER BY b.value DESC, g.date, b.game_id, b.player_id ${limitIf(`${kindIs('count')} AND ${condition}`)}`,
      )
      .bind(org, ...leagueParams, ...gameRange.params)
  const smallLeague = f.leagueId
    ? `(SELECT count(*) FROM (SELECT 1 FROM games WHERE league_id = ${Number(f.leagueId)} LIMIT ${SMALL_LEAGUE + 1})) <= ${SMALL_LEAGUE}`
    : '0'
  statements.push(
    singleGame(
      'player_game_stats b INDEXED BY pgs_stat_value',
      'INNER JOIN games g ON g.id = b.game_id',
      '',
      `NOT ${smallLeague}`,
    ),
    singleGame(
      'games g INDEXED BY games_league_season',
      'CROSS JOIN player_game_stats b INDEXED BY pgs_game_player_stat ON b.game_id = g.id',
      `g.league_id = ${Number(f.leagueId ?? -1)} AND g.organization_id = ${org} AND `,
      smallLeague,
    ),
  )

  // Single seasons: a player's season in a league.
  statements.push(
    d1
      .prepare(
        `SELECT r.total AS value, r.games AS games, r.attempts AS attempts, r.player_id AS player_id, ${PLAYER},
           r.season_id AS season_id, s.name AS season_name, r.league_id AS league_id, l.name AS league_name
         FROM record_totals r INDEXED BY ${f.leagueId ? 'record_totals_league_total' : 'record_totals_total'}
         INNER JOIN players p ON p.id = r.player_id
         INNER JOIN seasons s ON s.id = r.season_id
         LEFT JOIN leagues l ON l.id = r.league_id
         WHERE r.organization_id = ? AND r.stat_id = ${stat} AND r.career = 0 AND r.total > 0${league}${range.sql}
         ORDER BY r.total DESC, s.start_date, r.player_id ${limitIf(kindIs('count'))}`,
      )
      .bind(org, ...leagueParams, ...range.params),
  )

  // Careers: the career rows (all leagues, or the league's), or with a season range the seasons
  // in range added up per player.
  statements.push(
    hasRange(f)
      ? d1
          .prepare(
            `SELECT a.*, ${PLAYER} FROM (
               SELECT sum(r.total) AS value, sum(r.games) AS games, sum(r.attempts) AS attempts, r.player_id AS player_id
               FROM record_totals r INDEXED BY record_totals_season
               WHERE r.organization_id = ? AND r.stat_id = ${stat} AND r.career = 0${league}${range.sql}
               GROUP BY r.player_id HAVING sum(r.total) > 0
               ORDER BY value DESC, r.player_id ${limitIf(kindIs('count'))}
             ) a INNER JOIN players p ON p.id = a.player_id ORDER BY a.value DESC, a.player_id`,
          )
          .bind(org, ...leagueParams, ...range.params)
      : d1
          .prepare(
            `SELECT r.total AS value, r.games AS games, r.attempts AS attempts, r.player_id AS player_id, ${PLAYER}
             FROM record_totals r INDEXED BY record_totals_league_total
             INNER JOIN players p ON p.id = r.player_id
             WHERE r.organization_id = ? AND r.stat_id = ${stat} AND r.career = 1 AND r.league_id = ? AND r.total > 0
             ORDER BY r.total DESC, r.player_id ${limitIf(kindIs('count'))}`,
          )
          .bind(org, f.leagueId ?? 0),
  )

  // Rates (per-game averages of counting stats, or percentages) of qualified seasons, then careers.
  for (const kind of ['count', 'percentage'] as const) {
    statements.push(
      d1
        .prepare(
          `SELECT r.rate AS value, r.total AS total, r.games AS games, r.attempts AS attempts, r.player_id AS player_id, ${PLAYER},
             r.season_id AS season_id, s.name AS season_name, r.league_id AS league_id, l.name AS league_name
           FROM record_totals r INDEXED BY ${f.leagueId ? 'record_totals_league_rate' : 'record_totals_rate'}
           INNER JOIN players p ON p.id = r.player_id
           INNER JOIN seasons s ON s.id = r.season_id
           LEFT JOIN leagues l ON l.id = r.league_id
           WHERE r.organization_id = ? AND r.stat_id = ${stat} AND r.career = 0 AND ${qualified(kind)}${league}${range.sql}
           ORDER BY r.rate DESC, s.start_date, r.player_id ${limitIf(anyQualified(kind, 0))}`,
        )
        .bind(org, ...leagueParams, ...range.params),
    )
    statements.push(
      hasRange(f)
        ? d1
            .prepare(
              `SELECT a.*, ${PLAYER} FROM (
                 SELECT CASE WHEN ${kind === 'percentage' ? 'sum(r.attempts) > 0 THEN sum(r.total) * 1.0 / sum(r.attempts)' : 'sum(r.games) > 0 THEN sum(r.total) * 1.0 / sum(r.games)'} ELSE 0 END AS value,
                   sum(r.total) AS total, sum(r.games) AS games, sum(r.attempts) AS attempts, r.player_id AS player_id
                 FROM record_totals r INDEXED BY record_totals_season
                 WHERE r.organization_id = ? AND r.stat_id = ${stat} AND r.career = 0${league}${range.sql}
                 GROUP BY r.player_id HAVING sum(r.${volumeOf(kind)}) >= ${minimumOf(kind)}
                 ORDER BY value DESC, r.player_id ${limitIf(kindIs(kind))}
               ) a INNER JOIN players p ON p.id = a.player_id ORDER BY a.value DESC, a.player_id`,
            )
            .bind(org, ...leagueParams, ...range.params)
        : d1
            .prepare(
              `SELECT r.rate AS value, r.total AS total, r.games AS games, r.attempts AS attempts, r.player_id AS player_id, ${PLAYER}
               FROM record_totals r INDEXED BY record_totals_league_rate
               INNER JOIN players p ON p.id = r.player_id
               WHERE r.organization_id = ? AND r.stat_id = ${stat} AND r.career = 1 AND r.league_id = ? AND ${qualified(kind)}
               ORDER BY r.rate DESC, r.player_id ${limitIf(anyQualified(kind, 1))}`,
            )
            .bind(org, f.leagueId ?? 0),
    )
  }
  return statements
}

type Row = Record<string, unknown> & { value: number }

export type { RecordBook, RecordEntry, RecordList }

/**
 * The top LIST_PLACES of rows sorted from the highest value, and every row tying the last of
 * them, at most LIST_CAP; ranks shared by ties.
 */
export function rankList(rows: Row[], entry: (row: Row) => Omit<RecordEntry, 'rank' | 'tied' | 'value'>): RecordList {
  if (rows.length === 0) return { entries: [], truncated: false }
  const cutoff = at(rows, Math.min(LIST_PLACES, rows.length) - 1).value
  const kept = rows.filter((r) => r.value >= cutoff)
  const truncated = kept.length > LIST_CAP
  const shown = kept.slice(0, LIST_CAP)
  const count = new Map<number, number>()
  for (const r of kept) count.set(r.value, (count.get(r.value) ?? 0) + 1)
  return {
    truncated,
    entries: shown.map((r) => ({
      rank: 1 + kept.filter((o) => o.value > r.value).length,
      tied: (count.get(r.value) ?? 0) > 1,
      value: r.value,
      ...entry(r),
    })),
  }
}

const player = (r: Row) => ({ id: Number(r.player_id), firstName: String(r.first_name), lastName: String(r.last_name) })
const season = (r: Row) => ({ id: Number(r.season_id), name: String(r.season_name) })
const league = (r: Row) => (r.league_id ? { id: Number(r.league_id), name: String(r.league_name ?? '') } : null)
const volumes = (r: Row) => ({ games: Number(r.games), total: Number(r.total ?? r.value), attempts: Number(r.attempts) })

/** The answer from the batch's results, in recordBookStatements' order. */
export function readRecordBook(results: D1Result[]): RecordBook {
  const rows = (i: number) => (results[i]?.results ?? []) as Row[]
  const [settings] = rows(3)
  const statId = settings?.stat_id == null ? null : Number(settings.stat_id)
  const chosen = rows(0).find((r) => Number(r.id) === statId)
  // Counting stats fill 8 and 9, percentages 10 and 11; the other pair is empty.
  const rate = chosen && recordKind(String(chosen.abbreviation)) === 'percentage' ? 10 : 8
  return {
    stats: rows(0).map((r) => ({ id: Number(r.id), name: String(r.name), abbreviation: String(r.abbreviation) })),
    seasons: rows(1).map((r) => ({ id: Number(r.id), name: String(r.name), startDate: (r.start_date as string | null) ?? null })),
    leagues: rows(2).map((r) => ({ id: Number(r.id), name: String(r.name) })),
    statId,
    qualification: { minGames: Number(settings?.min_games ?? 10), minAttempts: Number(settings?.min_attempts ?? 50) },
    singleGame: rankList([...rows(4), ...rows(5)], (r) => ({
      player: player(r),
      season: season(r),
      game: {
        id: Number(r.game_id),
        date: (r.date as string | null) ?? null,
        team: { id: Number(r.team_id), name: String(r.team_name) },
        opponent: { id: Number(r.opponent_id), name: String(r.opponent_name) },
      },
    })),
    singleSeason: rankList(rows(6), (r) => ({ player: player(r), season: season(r), league: league(r), ...volumes(r) })),
    career: rankList(rows(7), (r) => ({ player: player(r), ...volumes(r) })),
    seasonRate: rankList(rows(rate), (r) => ({ player: player(r), season: season(r), league: league(r), ...volumes(r) })),
    careerRate: rankList(rows(rate + 1), (r) => ({ player: player(r), ...volumes(r) })),
  }
}
