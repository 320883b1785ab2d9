// Write guards: what a write may touch is decided inside the batch that writes
// (docs/api-concurrency.md).
//
// A route that read a row (or a set of rows) and is about to write from what it read registers the
// condition under which its plan no longer holds — "the row's version is not the one the client
// read", "a game of this schedule was scored since the plan was made". The request's database
// wrapper (worker/db/audit.ts) puts each pending guard at the head of the request's next write
// batch as `INSERT INTO write_guards … WHERE <condition>`; the table's trigger aborts on any insert
// (migration 0008), so when the condition holds the whole batch rolls back inside the same D1
// transaction that would have written. onError (worker/index.ts) then answers the guard's 409.
import { ApiError } from '../lib/errors'
import type { Db } from './client'

/** What the write_guards trigger aborts with (migration 0008). */
const ABORT_MESSAGE = 'courtside write guard'

export interface WriteGuard {
  /** SQL that is true when the plan no longer holds (the batch must not write); `?` parameters. */
  changed: string
  params: unknown[]
  /** The 409 to answer when this guard stopped the write. */
  conflict: () => Promise<ApiError>
}

/** The guards of one request: pending until its next write, then armed for onError to explain. */
export class WriteGuards {
  private pending: WriteGuard[] = []
  private armed: WriteGuard[] = []

  add(guard: WriteGuard) {
    this.pending.push(guard)
  }

  /** The guard statements for the write about to be sent (once: later writes follow the first). */
  take(d1: Pick<D1Database, 'prepare'>): D1PreparedStatement[] {
    if (this.pending.length === 0) return []
    this.armed = this.pending
    this.pending = []
    return this.armed.map((g) =>
      d1.prepare(`INSERT INTO write_guards (reason) SELECT 'changed' WHERE ${g.changed}`).bind(...g.params),
    )
  }

  /** The 409 for a batch a guard aborted: the first armed guard whose condition holds now. */
  async conflict(db: Db): Promise<ApiError> {
    for (const guard of this.armed) {
      const row = await db.$client
        .prepare(`SELECT 1 AS hit WHERE ${guard.changed}`)
        .bind(...guard.params)
        .first()
      if (row) return guard.conflict()
    }
    return new ApiError(409, 'Someone else changed this while you were saving. Reload and try again.')
  }
}

/** True when a D1 error (or one it wraps) is a write guard's abort. */
export function isGuardAbort(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (String((e as { message?: unknown }).message ?? e).includes(ABORT_MESSAGE)) return true
  }
  return false
}

/**
 * "Game row `g` is played" in raw SQL, as isPlayedGame (worker/db/queries/shared.ts) says it: a
 * score, a completed or forfeit status, or a box-score line.
 */
export const PLAYED_GAME = `(g.score_team1 > 0 OR g.score_team2 > 0 OR g.status IN ('completed', 'forfeit') OR EXISTS (SELECT 1 FROM player_game_stats s WHERE s.game_id = g.id))`

/**
 * Deletes that refuse to take history with them decide it inside their own batch too: `what`'s
 * delete goes through only while none of the games named by `games` (SQL over alias g, `?` params)
 * is played — a score saved after the check is never deleted with its game.
 */
export function noPlayedGameSince(
  { guards }: { guards: WriteGuards },
  games: string,
  params: unknown[],
  what: string,
  played = PLAYED_GAME,
) {
  guards.add({
    changed: `EXISTS (SELECT 1 FROM games g WHERE ${games} AND ${played})`,
    params,
    conflict: async () => new ApiError(409, `A game of ${what} was scored while it was being deleted. Nothing was deleted.`),
  })
}

/** Tables whose rows carry a version (migration 0008), as the API names what changed. */
const VERSIONED = {
  organizations: 'organization',
  users: 'user',
  seasons: 'season',
  leagues: 'league',
  seasons_leagues: 'league',
  divisions: 'division',
  players: 'player',
  teams: 'team',
  schedules: 'schedule',
  games: 'game',
  businesses: 'business',
  stat_definitions: 'stat',
  player_attributes: 'player attribute',
  site_pages: 'page',
  league_tiebreakers: 'tiebreaker setting',
  brackets: 'bracket',
  venues: 'venue',
} as const
export type VersionedTable = keyof typeof VERSIONED

/** Who last changed a row and which fields, from the audit trail (docs/api-concurrency.md). */
export async function lastChange(db: Db, orgId: number, table: string, rowId: number | string) {
  const row = await db.$client
    .prepare(
      'SELECT username, at, action, before, after FROM audit_log WHERE organization_id = ? AND table_name = ? AND row_id = ? ORDER BY id DESC LIMIT 1',
    )
    .bind(orgId, table, String(rowId))
    .first<{ username: string; at: string; action: string; before: string | null; after: string | null }>()
  if (!row) return null
  const before = row.before ? (JSON.parse(row.before) as Record<string, unknown>) : {}
  const after = row.after ? (JSON.parse(row.after) as Record<string, unknown>) : {}
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  )
  return { username: row.username, at: row.at, action: row.action, fields }
}

/** Who last changed a line of a game's box score, from the audit trail. */
export async function lastBoxScoreChange(db: Db, orgId: number, gameId: number) {
  return db.$client
    .prepare(
      "SELECT username, at FROM audit_log WHERE organization_id = ? AND table_name = 'player_game_stats' AND json_extract(coalesce(after, before), '$.game_id') = ? ORDER BY id DESC LIMIT 1",
    )
    .bind(orgId, gameId)
    .first<{ username: string; at: string }>()
}

/**
 * The last save of a game's box score: who, when, and the players whose lines it wrote (the
 * audit rows of that request), for a box-score-version conflict (docs/api-concurrency.md).
 */
export async function lastBoxScoreSave(db: Db, orgId: number, gameId: number) {
  const last = await db.$client
    .prepare(
      "SELECT username, at, request_id, json_extract(coalesce(after, before), '$.player_id') AS player FROM audit_log WHERE organization_id = ? AND table_name = 'player_game_stats' AND json_extract(coalesce(after, before), '$.game_id') = ? ORDER BY id DESC LIMIT 1",
    )
    .bind(orgId, gameId)
    .first<{ username: string; at: string; request_id: string | null; player: number | null }>()
  if (!last) return null
  const players = last.request_id
    ? (
        await db.$client
          .prepare(
            "SELECT DISTINCT json_extract(coalesce(after, before), '$.player_id') AS player FROM audit_log WHERE organization_id = ? AND table_name = 'player_game_stats' AND request_id = ? AND json_extract(coalesce(after, before), '$.game_id') = ? ORDER BY id",
          )
          .bind(orgId, last.request_id, gameId)
          .all<{ player: number }>()
      ).results.map((r) => Number(r.player))
    : last.player === null
      ? []
      : [Number(last.player)]
  return { username: last.username, at: last.at, players }
}

/**
 * Makes the request's next write conditional on the row still having the version the client read.
 * No version (a client of the original API, which never sends one) keeps today's last-write-wins.
 * A stale copy — or a row deleted meanwhile — is refused with 409 `{ message, current, changedBy }`.
 */
export function expectVersion(
  { guards, db }: { guards: WriteGuards; db: Db },
  target: { table: VersionedTable; orgId: number; id: number; version: number | null | undefined },
  current: () => Promise<unknown>,
) {
  const { table, orgId, id, version } = target
  if (version === undefined || version === null) return
  const scope = table === 'organizations' ? 'id = ?' : 'id = ? AND organization_id = ?'
  const params = table === 'organizations' ? [id, version] : [id, orgId, version]
  guards.add({
    changed: `NOT EXISTS (SELECT 1 FROM ${table} WHERE ${scope} AND version = ?)`,
    params,
    conflict: async () => {
      const [now, change] = await Promise.all([current(), lastChange(db, orgId, table, id)])
      const what = VERSIONED[table]
      const who = change ? ` by ${change.username}` : ''
      const message =
        now === null || now === undefined
          ? `This ${what} was deleted${who} after you opened it.`
          : `This ${what} was changed${who} after you opened it. Review the current values and save again.`
      return new ApiError(409, message, undefined, undefined, { current: now ?? null, changedBy: change })
    },
  })
}
