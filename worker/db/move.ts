import type { Bindings } from '../env'
import { ApiError } from '../lib/errors'
import { d1BindingNames, d1Named, directory, HOME_BINDING, recordEntry } from './directory'
import { mirrorSports } from './placement'

/**
 * Moving one organization to another D1 database, online and resumable (docs/scaling.md "Moving an
 * organization"). Each call of `moveStep` does one bounded step and records its progress in
 * `org_moves` (in `DB`, migration 0030) only after the step's work committed, so a mover killed at
 * any point redoes at most one step, and every step may be redone:
 *
 * pause   — the source refuses the organization's writes (`org_write_locks`, checked by triggers
 *           inside every write's own transaction: 503 + Retry-After), the directory says `moving`;
 * copy    — table by table (foreign keys first), `rowid`-keyed batches, `INSERT OR IGNORE` (a
 *           redone batch adds nothing); tables kept by triggers (totals, box lines) are overwritten
 *           from the source last (`INSERT OR REPLACE`);
 * verify  — every table's count and an order-free checksum of its rows, source against target;
 * switch  — the source's lock becomes `moved` (for good), then ONE statement points the directory
 *           row at the target and a new directory version goes to KV: writes resume on the target;
 * purge   — after a grace period (isolates that still cache the old directory learn the new one),
 *           the source's rows go, in batches, inside the lock's `purging` window only;
 * done    — the directory row is `active` again.
 * Until the switch, the organization is served whole from the source; from it, whole from the target.
 */

/** Tables a move never copies: the directory and the mover's own, and per-database machinery. */
const NOT_COPIED = new Set(['org_directory', 'org_moves', 'org_write_locks', 'audit_context', 'write_guards', 'd1_migrations'])
/** Tables written only by triggers of other tables (migrations 0006, 0008, 0013): copied last, overwriting. */
export const DERIVED = ['box_lines', 'player_season_totals', 'team_season_totals', 'record_totals']
/** Columns that differ by design after a copy: the copy's own inserts bump them (migration 0002). */
const VOLATILE: Record<string, string[]> = { organizations: ['data_version', 'cache_epoch'] }

const ROWS_PER_BATCH = 100
const ROWS_PER_STEP = 1000

export type MoveStep = 'pause' | 'copy' | 'verify' | 'switch' | 'purge' | 'done'

interface MoveRow {
  organization_id: number
  source: string
  target: string
  step: MoveStep
  table_name: string | null
  after_key: string | null
  copied: number
  updated_at: number
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
    const [cols, fks] = await db.batch<{ name: string; table?: string }>([
      db.prepare(`PRAGMA table_info("${name}")`),
      db.prepare(`PRAGMA foreign_key_list("${name}")`),
    ])
    const columns = (cols?.results ?? []).map((r) => r.name)
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
    infos.set(name, { name, scope, columns, parents })
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
  return order.map(({ name, scope, columns }) => ({ name, scope, columns }))
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
    await home
      .prepare(
        `INSERT INTO org_moves (organization_id, source, target, step, copied) VALUES (?, ?, ?, 'pause', 0)
         ON CONFLICT (organization_id) DO UPDATE SET source = excluded.source, target = excluded.target, step = 'pause',
           table_name = NULL, after_key = NULL, copied = 0, started_at = unixepoch() * 1000, updated_at = unixepoch() * 1000`,
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
    case 'pause': {
      // A lock left on the target by an earlier move away from it goes first: the rows come back.
      await dest.prepare('DELETE FROM org_write_locks WHERE organization_id = ?').bind(organizationId).run()
      // The platform's sports, which the organization's rows name, are there under the same ids.
      await mirrorSports(env, move.target)
      await source
        .prepare("INSERT OR REPLACE INTO org_write_locks (organization_id, mode) VALUES (?, 'paused')")
        .bind(organizationId)
        .run()
      await recordEntry(env, {
        organizationId,
        slug: found.slug,
        domain: found.domain ?? null,
        binding: move.source,
        state: 'moving',
      })
      const first = (await orgTables(source, move.source))[0]?.name ?? null
      await saveMove(env, organizationId, { step: 'copy', table_name: first, after_key: null })
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
          await dest.batch(results.map((row) => dest.prepare(sql).bind(...table.columns.map((c) => row[c] ?? null))))
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
          step: at < tables.length ? 'copy' : 'verify',
          table_name: tables[at]?.name ?? null,
          after_key: after < 0 ? null : String(after),
          copied,
        })
      }
      return report(found, {
        ...move,
        step: at < tables.length ? 'copy' : 'verify',
        table_name: tables[at]?.name ?? null,
        copied,
      })
    }
    case 'verify': {
      const tables = await orgTables(source, move.source)
      const checks = []
      for (const table of tables) {
        const [a, b] = await Promise.all([tableSum(source, table, organizationId), tableSum(dest, table, organizationId)])
        checks.push({ table: table.name, source: a.count, target: b.count, same: a.count === b.count && a.sum === b.sum })
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
      await source
        .prepare("INSERT OR REPLACE INTO org_write_locks (organization_id, mode) VALUES (?, 'moved')")
        .bind(organizationId)
        .run()
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
      const tables = (await orgTables(source, move.source)).reverse()
      // Triggers of base tables write the derived ones and the audit log: those go after them; the organization last.
      const order = [
        ...tables.filter((t) => !DERIVED.includes(t.name) && t.name !== 'organizations' && t.name !== 'audit_log'),
        ...tables.filter((t) => DERIVED.includes(t.name) || t.name === 'audit_log'),
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
