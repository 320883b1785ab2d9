import type { Bindings } from '../env'
import { ApiError } from '../lib/errors'
import { d1BindingNames, d1Named, directory, HOME_BINDING, recordEntry } from './directory'
import { keepsIdRange } from './id-ranges'
import { mirrorSports } from './placement'

/**
 * Moving one organization to another D1 database, online and resumable (docs/scaling.md "Moving an
 * organization", docs/decisions/2026-11-29-org-move-short-pause.md). Each call of `moveStep` does one
 * bounded step and records its progress in `org_moves` (in `DB`, migrations 0030 and 0035) only after
 * the step's work committed, so a mover killed at any point redoes at most one step, and every step
 * may be redone:
 *
 * track          — the source starts logging the organization's changes (`org_change_tracking`, triggers
 *                  of migration 0035 write `org_change_log`); the directory says `moving`;
 * copy           — while writes flow: table by table (foreign keys first), `rowid`-keyed batches,
 *                  `INSERT OR IGNORE` (a redone batch adds nothing); a row whose parent is not there yet
 *                  is left to the catch-up (it was written after tracking began, so it is logged);
 * catch-up       — the logged rows, in batches: each is read again from the source and written into the
 *                  target as it is NOW (inserted, changed column by column, or deleted), parents before
 *                  children, deletes children first; repeated until the backlog is small;
 * verify-live    — every row of every table compared, source against target, while writes flow; a row
 *                  that differs must have been logged since the check began (it is checked again below);
 * pause          — the source refuses the organization's writes (`org_write_locks`, checked by triggers
 *                  inside every write's own transaction: 503 + Retry-After);
 * final-catch-up — the last logged rows;
 * verify         — the counts of every table, and row by row the rows logged since verify-live began
 *                  (every other row was found equal and has not changed since);
 * switch         — the source's lock becomes `moved` (for good) and its logging stops, then ONE statement
 *                  points the directory row at the target and a new directory version goes to KV: writes
 *                  resume on the target;
 * purge          — after a grace period (isolates that still cache the old directory learn the new one),
 *                  the source's rows and log go, in batches, inside the lock's `purging` window only;
 * done           — the directory row is `active` again.
 * Until the switch, the organization is served whole from the source; from it, whole from the target.
 * Writes pause only from `pause` to `switch`: a time that depends on the writes of the last moments,
 * not on the organization's size.
 */

/** Tables a move never copies: the directory and the mover's own, and per-database machinery. */
const NOT_COPIED = new Set([
  'org_directory',
  'org_moves',
  'org_write_locks',
  'org_change_log',
  'org_change_tracking',
  'audit_context',
  'write_guards',
  'd1_migrations',
])
/** Tables written only by triggers of other tables (migrations 0006, 0008, 0013): copied last, overwriting. */
export const DERIVED = ['box_lines', 'player_season_totals', 'team_season_totals', 'record_totals']
/** Columns that differ by design after a copy: the copy's own inserts bump them (migration 0002). */
const VOLATILE: Record<string, string[]> = { organizations: ['data_version', 'cache_epoch'] }

const ROWS_PER_BATCH = 100
const ROWS_PER_STEP = 1000
/** Log entries read at a time by the catch-up, and per call. */
const LOG_PER_BATCH = 500
const LOG_PER_STEP = 5000
/** Below this many unapplied log entries the catch-up stops looping: the rest waits for the pause. */
const SMALL_BACKLOG = 200
/** Rows compared per page, and per call, by the live check. */
const VERIFY_PAGE = 2000
const VERIFY_PER_STEP = 20_000
/** Keys looked up in one statement (one bound JSON array). */
const KEYS_PER_LOOKUP = 200
/** `after_key` of a catch-up that comes after a live check which found the copy equal. */
const VERIFIED = 'verified'

export type MoveStep =
  | 'track'
  | 'copy'
  | 'catch-up'
  | 'verify-live'
  | 'pause'
  | 'final-catch-up'
  | 'verify'
  | 'switch'
  | 'purge'
  | 'done'

interface MoveRow {
  organization_id: number
  source: string
  target: string
  step: MoveStep
  table_name: string | null
  after_key: string | null
  copied: number
  updated_at: number
  /** The last `org_change_log.seq` applied to the target (migration 0035). */
  applied_seq: number
  /** `applied_seq` when the live check began: the rows logged after it are checked again in the pause. */
  verify_from: number | null
}

export interface MoveReport {
  organizationId: number
  slug: string
  source: string
  target: string
  step: MoveStep
  table: string | null
  copied: number
  done: boolean
  /** Milliseconds to wait before the next step (the purge's grace period). */
  waitMs: number
  checks?: { table: string; source: number; target: number; same: boolean }[]
}

export interface TableInfo {
  name: string
  /** How the table names its organization. */
  scope: string
  columns: string[]
  /** The primary key's columns: a row's name in both databases (rowids differ between them). */
  keys: string[]
}

/** orgTables per database, for a minute: the schema does not change during a move, and it costs a round trip per table. */
const tableLists = new Map<string, { at: number; tables: Promise<TableInfo[]> }>()

/** The tables an organization's rows live in, parents before children, derived ones last. */
export function orgTables(db: D1Database, binding: string): Promise<TableInfo[]> {
  const known = tableLists.get(binding)
  if (known && Date.now() - known.at < 60_000) return known.tables
  const tables = listOrgTables(db)
  tableLists.set(binding, { at: Date.now(), tables })
  tables.catch(() => tableLists.delete(binding))
  return tables
}

async function listOrgTables(db: D1Database): Promise<TableInfo[]> {
  const { results: tables } = await db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
    .all<{ name: string }>()
  const infos = new Map<string, TableInfo & { parents: string[] }>()
  for (const { name } of tables) {
    if (NOT_COPIED.has(name)) continue
    // D1 refuses the pragma table functions; the PRAGMA statements themselves it allows.
    const [cols, fks] = await db.batch<{ name: string; table?: string; pk?: number }>([
      db.prepare(`PRAGMA table_info("${name}")`),
      db.prepare(`PRAGMA foreign_key_list("${name}")`),
    ])
    const columns = (cols?.results ?? []).map((r) => r.name)
    const keys = (cols?.results ?? [])
      .filter((r) => Number(r.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((r) => r.name)
    const scope =
      name === 'organizations'
        ? 'id = ?1'
        : name === 'user_sports'
          ? 'user_id IN (SELECT id FROM users WHERE organization_id = ?1)'
          : columns.includes('organization_id')
            ? 'organization_id = ?1'
            : null
    if (!scope) continue
    const parents = [...new Set((fks?.results ?? []).map((r) => String(r.table)))].filter((p) => p !== name)
    infos.set(name, { name, scope, columns, keys: keys.length ? keys : ['rowid'], parents })
  }
  // Kahn's order over the foreign keys among these tables; names break ties so every run agrees.
  const order: TableInfo[] = []
  const left = new Map(infos)
  while (left.size) {
    const ready = [...left.values()]
      .filter((t) => !DERIVED.includes(t.name) && t.parents.every((p) => !left.has(p) || DERIVED.includes(p)))
      .sort((a, b) => a.name.localeCompare(b.name))
    const next =
      ready[0] ?? [...left.values()].filter((t) => !DERIVED.includes(t.name)).sort((a, b) => a.name.localeCompare(b.name))[0]
    if (!next) break
    order.push(next)
    left.delete(next.name)
  }
  for (const name of DERIVED) {
    const t = left.get(name)
    if (t) order.push(t)
  }
  return order.map(({ name, scope, columns, keys }) => ({ name, scope, columns, keys }))
}

async function readMove(env: Bindings, organizationId: number) {
  return d1Named(env, HOME_BINDING)
    .prepare('SELECT * FROM org_moves WHERE organization_id = ?')
    .bind(organizationId)
    .first<MoveRow>()
}

async function saveMove(env: Bindings, organizationId: number, change: Partial<MoveRow>) {
  const keys = Object.keys(change)
  await d1Named(env, HOME_BINDING)
    .prepare(
      `UPDATE org_moves SET ${keys.map((k) => `${k} = ?`).join(', ')}, updated_at = unixepoch() * 1000 WHERE organization_id = ?`,
    )
    .bind(...keys.map((k) => (change as Record<string, unknown>)[k] ?? null), organizationId)
    .run()
}

/** A 32-bit FNV-1a of a string. */
function fnv(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h
}

/** Count and an order-free checksum (sum of each row's hash, mod 2^48) of the organization's rows of a table. */
export async function tableSum(db: D1Database, table: TableInfo, organizationId: number) {
  const skip = VOLATILE[table.name] ?? []
  const cols = table.columns.filter((c) => !skip.includes(c)).sort()
  let count = 0
  let sum = 0
  let after = -1
  for (;;) {
    const { results } = await db
      .prepare(
        `SELECT rowid AS __k, ${cols.map((c) => `"${c}"`).join(', ')} FROM "${table.name}" WHERE ${table.scope} AND rowid > ?2 ORDER BY rowid LIMIT 5000`,
      )
      .bind(organizationId, after)
      .all<Record<string, unknown>>()
    for (const row of results) {
      after = Number(row.__k)
      count++
      sum = (sum + fnv(JSON.stringify(cols.map((c) => row[c])))) % 2 ** 48
    }
    if (results.length < 5000) return { count, sum }
  }
}

const q = (name: string) => `"${name}"`

/** A row's primary key as one string, the same whichever side names it: a row of either database, or a log entry's `row_key`. */
function keyOf(values: Record<string, unknown>, keys: string[]): string {
  return JSON.stringify([...keys].sort().map((k) => [k, values[k] ?? null]))
}

/** The columns a comparison looks at, in name order (the copy's own volatile ones left out). */
function comparedColumns(table: TableInfo) {
  const skip = VOLATILE[table.name] ?? []
  return table.columns.filter((c) => !skip.includes(c)).sort()
}

const rowText = (table: TableInfo, row: Record<string, unknown>) =>
  JSON.stringify(comparedColumns(table).map((c) => row[c] ?? null))

/** Rows of a table by primary key (given as `{column: value}` objects), keyed by `keyOf`. */
async function rowsByKeys(db: D1Database, table: TableInfo, keys: Record<string, unknown>[]) {
  const found = new Map<string, Record<string, unknown>>()
  for (let i = 0; i < keys.length; i += KEYS_PER_LOOKUP) {
    const chunk = keys.slice(i, i + KEYS_PER_LOOKUP)
    const { results } = await db
      .prepare(
        `SELECT ${table.columns.map(q).join(', ')} FROM ${q(table.name)} WHERE (${table.keys.map(q).join(', ')}) IN (SELECT ${table.keys
          .map((k) => `json_extract(value, '$.${k}')`)
          .join(', ')} FROM json_each(?1))`,
      )
      .bind(JSON.stringify(chunk))
      .all<Record<string, unknown>>()
    for (const row of results) found.set(keyOf(row, table.keys), row)
  }
  return found
}

const isForeignKeyFailure = (error: unknown) => /FOREIGN KEY constraint failed/i.test(String((error as Error)?.message ?? error))

/**
 * Runs statements on the target in batches (each one transaction). A batch refused because a row's
 * parent is not in the target yet is run statement by statement, leaving out the refused ones: such
 * a row was written after tracking began (its parent is newer than the copy of the parent's table),
 * so the log names it and a later catch-up writes it after its parent.
 */
async function runOnTarget(dest: D1Database, statements: D1PreparedStatement[]) {
  let skipped = 0
  for (let i = 0; i < statements.length; i += ROWS_PER_BATCH) {
    const chunk = statements.slice(i, i + ROWS_PER_BATCH)
    try {
      await dest.batch(chunk)
    } catch (error) {
      if (!isForeignKeyFailure(error)) throw error
      for (const statement of chunk) {
        try {
          await statement.run()
        } catch (inner) {
          if (!isForeignKeyFailure(inner)) throw inner
          skipped++
        }
      }
    }
  }
  return skipped
}

/**
 * Makes the target's rows of the given keys what the source's rows are NOW: inserted, changed in the
 * columns that differ (so no version trigger raises a version the source did not), or deleted.
 * Deletes go first, children before parents; then writes, parents before children; the tables only
 * triggers write come last, overwriting what the target's own triggers made of the rows before them.
 * Redoing it changes nothing.
 */
async function bringAcross(
  source: D1Database,
  dest: D1Database,
  tables: TableInfo[],
  keysByTable: Map<string, Record<string, unknown>[]>,
) {
  const deletes: D1PreparedStatement[][] = []
  const writes: D1PreparedStatement[] = []
  for (const table of tables) {
    const keys = keysByTable.get(table.name)
    if (!keys?.length) continue
    const [from, to] = await Promise.all([rowsByKeys(source, table, keys), rowsByKeys(dest, table, keys)])
    const where = table.keys.map((k) => `${q(k)} = ?`).join(' AND ')
    const gone: D1PreparedStatement[] = []
    const seen = new Set<string>()
    for (const key of keys) {
      const name = keyOf(key, table.keys)
      if (seen.has(name)) continue
      seen.add(name)
      const now = from.get(name)
      const there = to.get(name)
      if (!now && there)
        gone.push(dest.prepare(`DELETE FROM ${q(table.name)} WHERE ${where}`).bind(...table.keys.map((k) => there[k])))
      else if (now && !there) {
        const verb = DERIVED.includes(table.name) ? 'INSERT OR REPLACE' : 'INSERT'
        writes.push(
          dest
            .prepare(
              `${verb} INTO ${q(table.name)} (${table.columns.map(q).join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`,
            )
            .bind(...table.columns.map((c) => now[c] ?? null)),
        )
      } else if (now && there) {
        const changed = comparedColumns(table).filter((c) => JSON.stringify(now[c] ?? null) !== JSON.stringify(there[c] ?? null))
        if (changed.length)
          writes.push(
            dest
              .prepare(`UPDATE ${q(table.name)} SET ${changed.map((c) => `${q(c)} = ?`).join(', ')} WHERE ${where}`)
              .bind(...changed.map((c) => now[c] ?? null), ...table.keys.map((k) => there[k])),
          )
      }
    }
    deletes.push(gone)
  }
  return runOnTarget(dest, [...deletes.reverse().flat(), ...writes])
}

/** The organization's log entries after `seq`, at most `limit`, grouped by table (first-logged first). */
async function logAfter(source: D1Database, organizationId: number, seq: number, limit: number) {
  const { results } = await source
    .prepare('SELECT seq, table_name, row_key FROM org_change_log WHERE organization_id = ? AND seq > ? ORDER BY seq LIMIT ?')
    .bind(organizationId, seq, limit)
    .all<{ seq: number; table_name: string; row_key: string }>()
  const byTable = new Map<string, Record<string, unknown>[]>()
  for (const entry of results) {
    const list = byTable.get(entry.table_name) ?? []
    list.push(JSON.parse(entry.row_key) as Record<string, unknown>)
    byTable.set(entry.table_name, list)
  }
  return { entries: results.length, last: results.at(-1)?.seq ?? seq, byTable }
}

/**
 * Applies the log after `move.applied_seq`, batch by batch, recording the applied position after
 * each batch committed (a redone batch changes nothing), until `limit` entries or the end of the
 * log. Answers how many entries are still unapplied.
 */
async function catchUp(env: Bindings, move: MoveRow, source: D1Database, dest: D1Database, tables: TableInfo[], limit: number) {
  let applied = Number(move.applied_seq ?? 0)
  let done = 0
  while (done < limit) {
    const batch = await logAfter(source, move.organization_id, applied, LOG_PER_BATCH)
    if (!batch.entries) break
    const unknown = [...batch.byTable.keys()].filter((t) => !tables.some((table) => table.name === t))
    if (unknown.length) throw new Error(`The change log names tables the move does not know: ${unknown.join(', ')}`)
    await bringAcross(source, dest, tables, batch.byTable)
    applied = batch.last
    done += batch.entries
    await saveMove(env, move.organization_id, { applied_seq: applied })
    if (batch.entries < LOG_PER_BATCH) break
  }
  const backlog = Number(
    await source
      .prepare('SELECT count(*) AS n FROM org_change_log WHERE organization_id = ? AND seq > ?')
      .bind(move.organization_id, applied)
      .first('n'),
  )
  return { applied, backlog }
}

/** The keys (`table name` → `keyOf` names) the log holds for the organization after `seq`. */
async function loggedSince(source: D1Database, organizationId: number, seq: number) {
  const { results } = await source
    .prepare('SELECT DISTINCT table_name, row_key FROM org_change_log WHERE organization_id = ? AND seq > ?')
    .bind(organizationId, seq)
    .all<{ table_name: string; row_key: string }>()
  const byTable = new Map<string, Record<string, unknown>[]>()
  for (const r of results) {
    const list = byTable.get(r.table_name) ?? []
    list.push(JSON.parse(r.row_key) as Record<string, unknown>)
    byTable.set(r.table_name, list)
  }
  return byTable
}

/**
 * One page of the live check of a table: the source's next rows in primary-key order after
 * `cursor`, the target's rows in the same key range, and the keys whose rows differ (or are on one
 * side only). `next` is null at the table's end.
 */
async function comparePage(
  source: D1Database,
  dest: D1Database,
  table: TableInfo,
  organizationId: number,
  cursor: unknown[] | null,
) {
  const keyList = table.keys.map(q).join(', ')
  const marks = (from: number, n: number) => Array.from({ length: n }, (_, i) => `?${from + i}`).join(', ')
  const after = cursor ? ` AND (${keyList}) > (${marks(2, cursor.length)})` : ''
  const select = `SELECT ${table.columns.map(q).join(', ')} FROM ${q(table.name)} WHERE ${table.scope}${after}`
  const { results: from } = await source
    .prepare(`${select} ORDER BY ${keyList} LIMIT ${VERIFY_PAGE}`)
    .bind(organizationId, ...(cursor ?? []))
    .all<Record<string, unknown>>()
  const lastRow = from.length === VERIFY_PAGE ? from[from.length - 1] : undefined
  const last = lastRow ? table.keys.map((k) => lastRow[k]) : null
  const upTo = last ? ` AND (${keyList}) <= (${marks(2 + (cursor?.length ?? 0), last.length)})` : ''
  const { results: to } = await dest
    .prepare(`${select}${upTo}`)
    .bind(organizationId, ...(cursor ?? []), ...(last ?? []))
    .all<Record<string, unknown>>()
  const theirs = new Map(to.map((row) => [keyOf(row, table.keys), rowText(table, row)]))
  const differing: string[] = []
  for (const row of from) {
    const name = keyOf(row, table.keys)
    if (theirs.get(name) !== rowText(table, row)) differing.push(name)
    theirs.delete(name)
  }
  differing.push(...theirs.keys())
  return { rows: from.length, differing, next: last }
}

/** Per table, the organization's row count in one database: one statement for up to 40 tables (scalar subqueries; D1 allows few compound terms). */
async function countsOf(db: D1Database, tables: TableInfo[], organizationId: number) {
  const counts = new Map<string, number>()
  for (let i = 0; i < tables.length; i += 40) {
    const part = tables.slice(i, i + 40)
    const row = await db
      .prepare(`SELECT ${part.map((t, n) => `(SELECT count(*) FROM ${q(t.name)} WHERE ${t.scope}) AS c${n}`).join(', ')}`)
      .bind(organizationId)
      .first<Record<string, number>>()
    for (const [n, t] of part.entries()) counts.set(t.name, Number(row?.[`c${n}`] ?? 0))
  }
  return counts
}

/** Where the organization lives and what moving it involves; 4xx for a request that cannot be a move. */
async function resolve(env: Bindings, slug: string, target: string) {
  const dir = await directory(env)
  const entry = dir.bySlug.get(slug.toLowerCase())
  const found =
    entry ??
    (await d1Named(env, HOME_BINDING)
      .prepare('SELECT id AS organizationId, slug FROM organizations WHERE lower(slug) = lower(?)')
      .bind(slug)
      .first<{ organizationId: number; slug: string }>()
      .then((r) => (r ? { ...r, binding: HOME_BINDING, domain: null } : null)))
  if (!found) throw new ApiError(404, `No organization has the slug ${slug}.`)
  if (!d1BindingNames(env).includes(target))
    throw new ApiError(400, `${target} is not a D1 binding of this Worker.`, {
      binding: 'Choose a D1 binding of this Worker',
    })
  return found
}

/**
 * One step of moving the organization `slug` to `target`. Starting a move of an organization that
 * already lives on `target` answers done at once; a move under way to another target is refused.
 */
export async function moveStep(env: Bindings, slug: string, target: string, graceMs: number): Promise<MoveReport> {
  const found = await resolve(env, slug, target)
  const organizationId = found.organizationId
  let move = await readMove(env, organizationId)
  const home = d1Named(env, HOME_BINDING)
  if (!move || move.step === 'done') {
    if (found.binding === target) return report(found, { step: 'done', source: found.binding, target, copied: move?.copied ?? 0 })
    if (!keepsIdRange(found.binding, target))
      throw new ApiError(
        409,
        `${found.slug} is on ${found.binding}, whose ids lie above the range of ${target}: moved there, its rows (which keep their ids) would make that database hand out ids of another range. An organization moves only to a database of a higher range (DB → DB_2 → DB_3 …).`,
      )
    await home
      .prepare(
        `INSERT INTO org_moves (organization_id, source, target, step, copied) VALUES (?, ?, ?, 'track', 0)
         ON CONFLICT (organization_id) DO UPDATE SET source = excluded.source, target = excluded.target, step = 'track',
           table_name = NULL, after_key = NULL, copied = 0, applied_seq = 0, verify_from = NULL, started_at = unixepoch() * 1000, updated_at = unixepoch() * 1000`,
      )
      .bind(organizationId, found.binding, target)
      .run()
    move = await readMove(env, organizationId)
  }
  if (!move) throw new Error('org_moves row not written')
  if (move.target !== target)
    throw new ApiError(409, `This organization is being moved to ${move.target}; finish that move first.`)
  const source = d1Named(env, move.source)
  const dest = d1Named(env, move.target)

  switch (move.step) {
    case 'track': {
      // What an earlier move away from the target left there goes first: the rows come back.
      await dest.batch([
        dest.prepare('DELETE FROM org_write_locks WHERE organization_id = ?').bind(organizationId),
        dest.prepare('DELETE FROM org_change_tracking WHERE organization_id = ?').bind(organizationId),
        dest.prepare('DELETE FROM org_change_log WHERE organization_id = ?').bind(organizationId),
      ])
      // The platform's sports, which the organization's rows name, are there under the same ids.
      await mirrorSports(env, move.target)
      // From here on every change of the organization's rows is logged (migration 0035); the copy starts after.
      await source.batch([
        source.prepare('DELETE FROM org_change_log WHERE organization_id = ?').bind(organizationId),
        source.prepare('INSERT OR REPLACE INTO org_change_tracking (organization_id) VALUES (?)').bind(organizationId),
      ])
      await recordEntry(env, {
        organizationId,
        slug: found.slug,
        domain: found.domain ?? null,
        binding: move.source,
        state: 'moving',
      })
      const first = (await orgTables(source, move.source))[0]?.name ?? null
      await saveMove(env, organizationId, { step: 'copy', table_name: first, after_key: null, applied_seq: 0, verify_from: null })
      return report(found, { ...move, step: 'copy', table_name: first })
    }
    case 'copy': {
      const tables = await orgTables(source, move.source)
      let at = tables.findIndex((t) => t.name === move.table_name)
      if (at < 0) at = 0
      let after = Number(move.after_key ?? -1)
      let copied = move.copied
      let budget = ROWS_PER_STEP
      while (budget > 0 && at < tables.length) {
        const table = tables[at] as TableInfo
        const { results } = await source
          .prepare(
            `SELECT rowid AS __k, ${table.columns.map((c) => `"${c}"`).join(', ')} FROM "${table.name}" WHERE ${table.scope} AND rowid > ?2 ORDER BY rowid LIMIT ${ROWS_PER_BATCH}`,
          )
          .bind(organizationId, after)
          .all<Record<string, unknown>>()
        if (results.length) {
          const verb = DERIVED.includes(table.name) ? 'INSERT OR REPLACE' : 'INSERT OR IGNORE'
          const sql = `${verb} INTO "${table.name}" (${table.columns.map((c) => `"${c}"`).join(', ')}) VALUES (${table.columns.map(() => '?').join(', ')})`
          // Rows changed after this read, and rows whose parent came after its table was copied, are logged: the catch-up has them.
          await runOnTarget(
            dest,
            results.map((row) => dest.prepare(sql).bind(...table.columns.map((c) => row[c] ?? null))),
          )
          after = Number(results[results.length - 1]?.__k)
          copied += results.length
          budget -= results.length
        }
        if (results.length < ROWS_PER_BATCH) {
          at++
          after = -1
        }
        // Progress is written after the batch committed: a kill here redoes one batch, which adds nothing.
        await saveMove(env, organizationId, {
          step: at < tables.length ? 'copy' : 'catch-up',
          table_name: tables[at]?.name ?? null,
          after_key: after < 0 ? null : String(after),
          copied,
        })
      }
      return report(found, {
        ...move,
        step: at < tables.length ? 'copy' : 'catch-up',
        table_name: tables[at]?.name ?? null,
        copied,
      })
    }
    case 'catch-up': {
      const tables = await orgTables(source, move.source)
      const { applied, backlog } = await catchUp(env, move, source, dest, tables, LOG_PER_STEP)
      if (backlog >= SMALL_BACKLOG) return report(found, { ...move, step: 'catch-up' })
      if (move.after_key === VERIFIED) {
        await saveMove(env, organizationId, { step: 'pause', table_name: null, after_key: null })
        return report(found, { ...move, step: 'pause', table_name: null })
      }
      // The live check compares everything as of `applied`: rows logged after it are checked again in the pause.
      const first = tables[0]?.name ?? null
      await saveMove(env, organizationId, { step: 'verify-live', verify_from: applied, table_name: first, after_key: null })
      return report(found, { ...move, step: 'verify-live', table_name: first })
    }
    case 'verify-live': {
      const tables = await orgTables(source, move.source)
      let at = Math.max(
        0,
        tables.findIndex((t) => t.name === move.table_name),
      )
      let cursor = move.after_key ? (JSON.parse(move.after_key) as unknown[]) : null
      let budget = VERIFY_PER_STEP
      const differing: { table: string; key: string }[] = []
      // Tables empty on both sides now need no pages: a row written there since the check began is logged.
      const [mine, theirs] = await Promise.all([countsOf(source, tables, organizationId), countsOf(dest, tables, organizationId)])
      while (budget > 0 && at < tables.length) {
        const table = tables[at] as TableInfo
        if (!cursor && !mine.get(table.name) && !theirs.get(table.name)) {
          at++
          continue
        }
        const page = await comparePage(source, dest, table, organizationId, cursor)
        for (const key of page.differing) differing.push({ table: table.name, key })
        budget -= Math.max(page.rows, 1)
        cursor = page.next
        if (!cursor) at++
      }
      if (differing.length) {
        // Read after the pages: a row that changed while it was compared is logged by now.
        const logged = await loggedSince(source, organizationId, Number(move.verify_from ?? 0))
        const explained = new Set(
          [...logged].flatMap(([name, keys]) => {
            const table = tables.find((t) => t.name === name)
            return table ? keys.map((k) => `${name} ${keyOf(k, table.keys)}`) : []
          }),
        )
        const bad = [...new Set(differing.filter((d) => !explained.has(`${d.table} ${d.key}`)).map((d) => d.table))]
        if (bad.length)
          throw new ApiError(
            500,
            `The copy differs from the source in ${bad.join(', ')}; the move stopped before the switch.`,
            undefined,
            undefined,
            { tables: bad, sample: differing.slice(0, 5) },
          )
      }
      if (at < tables.length) {
        await saveMove(env, organizationId, {
          table_name: tables[at]?.name ?? null,
          after_key: cursor ? JSON.stringify(cursor) : null,
        })
        return report(found, { ...move, step: 'verify-live', table_name: tables[at]?.name ?? null })
      }
      // Equal but for rows changed since: one more catch-up while writes flow, then the pause.
      await saveMove(env, organizationId, { step: 'catch-up', table_name: null, after_key: VERIFIED })
      return report(found, { ...move, step: 'catch-up', table_name: null })
    }
    case 'pause': {
      await source
        .prepare("INSERT OR REPLACE INTO org_write_locks (organization_id, mode) VALUES (?, 'paused')")
        .bind(organizationId)
        .run()
      await saveMove(env, organizationId, { step: 'final-catch-up' })
      return report(found, { ...move, step: 'final-catch-up' })
    }
    case 'final-catch-up': {
      // Writes are refused now: the log holds its last entries, and this brings them all across.
      const tables = await orgTables(source, move.source)
      const { backlog } = await catchUp(env, move, source, dest, tables, LOG_PER_STEP)
      if (backlog > 0) return report(found, { ...move, step: 'final-catch-up' })
      await saveMove(env, organizationId, { step: 'verify' })
      return report(found, { ...move, step: 'verify' })
    }
    case 'verify': {
      const tables = await orgTables(source, move.source)
      const checks: { table: string; source: number; target: number; same: boolean }[] = []
      if (move.verify_from === null || move.verify_from === undefined) {
        // No live check was made (a move begun before migration 0035): every row, count and checksum.
        for (const table of tables) {
          const [a, b] = await Promise.all([tableSum(source, table, organizationId), tableSum(dest, table, organizationId)])
          checks.push({ table: table.name, source: a.count, target: b.count, same: a.count === b.count && a.sum === b.sum })
        }
      } else {
        // Every table's count; row by row, the rows logged since the live check began (every other row
        // was found equal then and has not changed since: it would be logged).
        const [a, b, logged] = await Promise.all([
          countsOf(source, tables, organizationId),
          countsOf(dest, tables, organizationId),
          loggedSince(source, organizationId, move.verify_from),
        ])
        for (const table of tables) {
          const keys = logged.get(table.name) ?? []
          let same = (a.get(table.name) ?? 0) === (b.get(table.name) ?? 0)
          if (same && keys.length) {
            const [from, to] = await Promise.all([rowsByKeys(source, table, keys), rowsByKeys(dest, table, keys)])
            same =
              from.size === to.size &&
              [...from].every(([name, row]) => {
                const there = to.get(name)
                return there !== undefined && rowText(table, there) === rowText(table, row)
              })
          }
          checks.push({ table: table.name, source: a.get(table.name) ?? 0, target: b.get(table.name) ?? 0, same })
        }
      }
      const bad = checks.filter((c) => !c.same)
      if (bad.length) {
        // The writes stay paused and the source stays the organization's: nothing is lost; an operator looks.
        throw new ApiError(
          500,
          `The copy differs from the source in ${bad.map((c) => c.table).join(', ')}; the move stopped before the switch.`,
          undefined,
          undefined,
          { checks },
        )
      }
      await saveMove(env, organizationId, { step: 'switch' })
      return { ...report(found, { ...move, step: 'switch' }), checks }
    }
    case 'switch': {
      // The lock for good, and no more logging: the purge's deletes are nobody's changes.
      await source.batch([
        source.prepare("INSERT OR REPLACE INTO org_write_locks (organization_id, mode) VALUES (?, 'moved')").bind(organizationId),
        source.prepare('DELETE FROM org_change_tracking WHERE organization_id = ?').bind(organizationId),
      ])
      // The switch itself: one statement on DB; then the new directory version (recordEntry).
      await recordEntry(env, {
        organizationId,
        slug: found.slug,
        domain: found.domain ?? null,
        binding: move.target,
        state: 'moved-cleanup',
      })
      await saveMove(env, organizationId, { step: 'purge', table_name: null, after_key: null })
      return report(found, { ...move, step: 'purge' }, graceMs)
    }
    case 'purge': {
      const wait = move.updated_at + graceMs - Date.now()
      if (move.table_name === null && move.after_key === null && wait > 0) return report(found, move, wait)
      // A copy: the list is shared (orgTables caches it), and reverse() would turn it round for every later move.
      const tables = [...(await orgTables(source, move.source))].reverse()
      // Triggers of base tables write the derived ones and the audit log: those go after them; the organization last.
      const order = [
        ...tables.filter((t) => !DERIVED.includes(t.name) && t.name !== 'organizations' && t.name !== 'audit_log'),
        ...tables.filter((t) => DERIVED.includes(t.name) || t.name === 'audit_log'),
        // The move's change log (migration 0035) goes with the rest.
        { name: 'org_change_log', scope: 'organization_id = ?1', columns: [], keys: ['seq'] },
        ...tables.filter((t) => t.name === 'organizations'),
      ]
      let budget = ROWS_PER_STEP
      for (const table of order) {
        while (budget > 0) {
          const [, deleted] = await source.batch([
            source.prepare("UPDATE org_write_locks SET mode = 'purging' WHERE organization_id = ?").bind(organizationId),
            source
              .prepare(
                `DELETE FROM "${table.name}" WHERE rowid IN (SELECT rowid FROM "${table.name}" WHERE ${table.scope} LIMIT ${ROWS_PER_BATCH})`,
              )
              .bind(organizationId),
            source.prepare("UPDATE org_write_locks SET mode = 'moved' WHERE organization_id = ?").bind(organizationId),
          ])
          const n = deleted?.meta.changes ?? 0
          budget -= Math.max(n, 1)
          if (n < ROWS_PER_BATCH) break
        }
        if (budget <= 0) break
      }
      if (budget <= 0) {
        await saveMove(env, organizationId, { after_key: 'purging' })
        return report(found, { ...move, step: 'purge' })
      }
      // Nothing of the organization is left on the source (a trigger's late row would show here: go round again).
      const left = await Promise.all(
        order.map((t) => source.prepare(`SELECT 1 AS x FROM "${t.name}" WHERE ${t.scope} LIMIT 1`).bind(organizationId).first()),
      )
      if (left.some(Boolean)) return report(found, { ...move, step: 'purge' })
      await recordEntry(env, {
        organizationId,
        slug: found.slug,
        domain: found.domain ?? null,
        binding: move.target,
        state: 'active',
      })
      await saveMove(env, organizationId, { step: 'done' })
      return report(found, { ...move, step: 'done' })
    }
    default:
      return report(found, { ...move, step: 'done' })
  }
}

function report(
  found: { organizationId: number; slug: string },
  move: Pick<MoveRow, 'step' | 'source' | 'target' | 'copied'> & { table_name?: string | null },
  waitMs = 0,
): MoveReport {
  return {
    organizationId: found.organizationId,
    slug: found.slug,
    source: move.source,
    target: move.target,
    step: move.step,
    table: move.table_name ?? null,
    copied: move.copied,
    done: move.step === 'done',
    waitMs: Math.max(0, Math.round(waitMs)),
  }
}

/** True when a D1 error (or one it wraps) is the move guard's refusal (migration 0030). */
export function isMovingAbort(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (String((e as { message?: unknown }).message ?? e).includes('courtside organization moving')) return true
  }
  return false
}
