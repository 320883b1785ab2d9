import type { Context } from 'hono'
import { z } from 'zod'
import { d1BindingNames, d1Named, directory, recordEntry } from '../db/directory'
import { ID_RANGE, idRangeStart } from '../db/id-ranges'
import { DERIVED, orgTables, type TableInfo, tableSum } from '../db/move'
import { mirrorSports } from '../db/placement'
import type { AppEnv, Bindings } from '../env'
import { ApiError } from '../lib/errors'
import { operatorRefusal } from '../lib/operator'

/**
 * POST /internal/org-restore: one organization brought back from a backup into any database
 * (docs/backups.md "Restore one organization", docs/decisions/2026-11-29-org-restore.md), driven by
 * `npm run org:move -- <slug> <binding> --from-backup <file.sql>` (scripts/org-restore.ts), which
 * reads the backup and sends its rows. Operator only, like the move: `Authorization: Bearer
 * <ORG_MOVE_TOKEN>`; without that secret the endpoint does not exist (404).
 *
 * begin  — refuses (409) while the organization (its id or slug) exists anywhere, unless it is this
 *          restore's own unfinished copy (the target's `org_write_locks` row says `restoring`); locks
 *          the target for the organization (its writes refused by the move guards, migration 0030)
 *          and names it in the directory (`moving`); answers the target's tables (the move's list
 *          and order, worker/db/move.ts) with how many of the organization's rows each holds.
 * rows   — at most 100 rows of one table, in ONE D1 batch inside the lock's `purging` window (as the
 *          move's purge): `INSERT OR IGNORE`, so a batch sent again adds nothing; the tables triggers
 *          keep (box lines, totals) `INSERT OR REPLACE`, so they end as the backup's.
 * finish — per table, count and checksum (the move's tableSum) against the backup's, sent by the
 *          script; equal: the directory row is `active` on the target, then the lock goes. Different:
 *          409 naming the tables, the organization still locked.
 * Every step may be sent again; a killed script run again finishes.
 */

const ROWS_PER_CALL = 100
const binding = z.string().regex(/^DB(_[0-9]+)?$/, 'Choose a D1 binding of this Worker')
const organizationId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const cell = z.union([z.string(), z.number(), z.boolean(), z.null()])
const body = z.discriminatedUnion('step', [
  z.object({
    step: z.literal('begin'),
    binding,
    organizationId,
    slug: z.string().min(1).max(100),
    domain: z.string().max(253).nullable(),
  }),
  z.object({
    step: z.literal('rows'),
    binding,
    organizationId,
    table: z.string().min(1).max(100),
    rows: z.array(z.record(z.string(), cell)).min(1).max(ROWS_PER_CALL),
  }),
  z.object({
    step: z.literal('finish'),
    binding,
    organizationId,
    slug: z.string().min(1).max(100),
    domain: z.string().max(253).nullable(),
    sums: z.record(z.string(), z.object({ count: z.number().int().min(0), sum: z.number().min(0) })),
  }),
])

export async function orgRestoreStep(c: Context<AppEnv>) {
  const refusal = await operatorRefusal(c)
  if (refusal) return refusal
  const parsed = body.safeParse(await c.req.json().catch(() => null))
  if (!parsed.success)
    throw new ApiError(400, 'Send one step of restoring an organization: begin, rows or finish.', {
      step: 'begin, rows or finish, with the organization and the binding of its database',
    })
  const input = parsed.data
  if (!d1BindingNames(c.env).includes(input.binding))
    throw new ApiError(400, `${input.binding} is not a D1 binding of this Worker.`, {
      binding: 'Choose a D1 binding of this Worker',
    })
  if (input.step === 'begin') return c.json(await begin(c.env, input))
  await ownRestore(c.env, input.binding, input.organizationId)
  if (input.step === 'rows') return c.json(await putRows(c.env, input))
  return c.json(await finish(c.env, input))
}

const lockOf = (env: Bindings, target: string, id: number) =>
  d1Named(env, target)
    .prepare('SELECT mode FROM org_write_locks WHERE organization_id = ?')
    .bind(id)
    .first<{ mode: string }>()
    .then((r) => r?.mode)

/** Refuses a step of a restore that was not begun on this database. */
async function ownRestore(env: Bindings, target: string, id: number) {
  if ((await lockOf(env, target, id)) !== 'restoring')
    throw new ApiError(409, `No restore of organization ${id} is under way on ${target}: begin it first.`)
}

async function begin(env: Bindings, input: { binding: string; organizationId: number; slug: string; domain: string | null }) {
  const { binding: target, organizationId: id, slug, domain } = input
  const resuming = (await lockOf(env, target, id)) === 'restoring'
  // The organization may not exist anywhere else: refuse rather than overwrite or duplicate a live copy.
  const dir = await directory(env)
  for (const entry of [
    dir.byId.get(id),
    dir.bySlug.get(slug.toLowerCase()),
    domain ? dir.byDomain.get(domain.toLowerCase()) : undefined,
  ]) {
    if (entry && !(resuming && entry.organizationId === id && entry.binding === target))
      throw new ApiError(
        409,
        `The organization ${entry.slug} (id ${entry.organizationId}) still exists on ${entry.binding}: delete it or move it first. A restore never replaces a live copy.`,
      )
  }
  for (const name of d1BindingNames(env)) {
    const found = await d1Named(env, name)
      .prepare(
        'SELECT id, slug FROM organizations WHERE id = ? OR lower(slug) = lower(?) OR (? IS NOT NULL AND lower(domain) = lower(?))',
      )
      .bind(id, slug, domain, domain)
      .first<{ id: number; slug: string }>()
    if (found && !(resuming && name === target && found.id === id))
      throw new ApiError(
        409,
        `The organization ${found.slug} (id ${found.id}) still exists on ${name}: delete it or move it first. A restore never replaces a live copy.`,
      )
  }
  const db = d1Named(env, target)
  // The platform's sports, which the organization's rows name, under the same ids.
  await mirrorSports(env, target)
  // Its writes are refused (move guards) until the restore has checked every table.
  await db.prepare("INSERT OR REPLACE INTO org_write_locks (organization_id, mode) VALUES (?, 'restoring')").bind(id).run()
  await recordEntry(env, { organizationId: id, slug, domain, binding: target, state: 'moving' })
  const tables = await orgTables(db, target)
  const counts = await Promise.all(
    tables.map((t) =>
      db
        .prepare(`SELECT count(*) AS n FROM "${t.name}" WHERE ${t.scope}`)
        .bind(id)
        .first<{ n: number }>()
        .then((r) => r?.n ?? 0),
    ),
  )
  return {
    resuming,
    tables: tables.map((t, i) => ({
      name: t.name,
      scope: t.scope,
      columns: t.columns,
      derived: DERIVED.includes(t.name),
      rows: counts[i],
    })),
  }
}

async function putRows(
  env: Bindings,
  input: { binding: string; organizationId: number; table: string; rows: Record<string, unknown>[] },
) {
  const { binding: target, organizationId: id } = input
  const db = d1Named(env, target)
  const table = (await orgTables(db, target)).find((t) => t.name === input.table)
  if (!table)
    throw new ApiError(400, `${input.table} is not a table that holds an organization's rows.`, { table: 'Unknown table' })
  for (const row of input.rows) {
    const unknown = Object.keys(row).filter((k) => !table.columns.includes(k))
    if (unknown.length) throw new ApiError(400, `${table.name} has no column ${unknown.join(', ')}.`, { rows: 'Unknown column' })
    if (!belongs(table, row, id))
      throw new ApiError(400, `A row of ${table.name} belongs to another organization.`, { rows: 'Another organization' })
  }
  if (table.name === 'user_sports') await assertOwnUsers(db, id, input.rows)
  const verb = DERIVED.includes(table.name) ? 'INSERT OR REPLACE' : 'INSERT OR IGNORE'
  const cols = table.columns.filter((c) => input.rows.some((r) => c in r))
  const sql = `${verb} INTO "${table.name}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`
  // One transaction: the lock opens (purging) only inside this batch, so no other write gets in.
  const results = await db.batch([
    db.prepare("UPDATE org_write_locks SET mode = 'purging' WHERE organization_id = ?").bind(id),
    ...input.rows.map((row) => db.prepare(sql).bind(...cols.map((c) => row[c] ?? null))),
    db.prepare("UPDATE org_write_locks SET mode = 'restoring' WHERE organization_id = ?").bind(id),
  ])
  const added = results.slice(1, -1).reduce((n, r) => n + (r.meta.changes ?? 0), 0)
  return { table: table.name, received: input.rows.length, added }
}

/** Whether a row names the organization the way its table does (worker/db/move.ts scopes). */
function belongs(table: TableInfo, row: Record<string, unknown>, id: number) {
  if (table.name === 'organizations') return row.id === id
  if (table.columns.includes('organization_id')) return row.organization_id === id
  return table.name === 'user_sports'
}

async function assertOwnUsers(db: D1Database, id: number, rows: Record<string, unknown>[]) {
  const ids = [...new Set(rows.map((r) => Number(r.user_id)))]
  const { results } = await db
    .prepare(`SELECT id FROM users WHERE organization_id = ? AND id IN (${ids.map(() => '?').join(', ')})`)
    .bind(id, ...ids)
    .all<{ id: number }>()
  if (results.length !== ids.length)
    throw new ApiError(400, 'A row of user_sports names a user of another organization.', { rows: 'Another organization' })
}

async function finish(
  env: Bindings,
  input: {
    binding: string
    organizationId: number
    slug: string
    domain: string | null
    sums: Record<string, { count: number; sum: number }>
  },
) {
  const { binding: target, organizationId: id } = input
  const db = d1Named(env, target)
  const tables = await orgTables(db, target)
  const checks = []
  for (const table of tables) {
    const mine = await tableSum(db, table, id)
    const theirs = input.sums[table.name] ?? { count: 0, sum: 0 }
    checks.push({
      table: table.name,
      backup: theirs.count,
      target: mine.count,
      same: mine.count === theirs.count && mine.sum === theirs.sum,
    })
  }
  const bad = checks.filter((c) => !c.same)
  if (bad.length)
    throw new ApiError(
      409,
      `The restored rows differ from the backup's in ${bad.map((c) => c.table).join(', ')}; the organization stays locked on ${target}.`,
      undefined,
      undefined,
      { checks },
    )
  await keepIdRange(db, target, tables)
  // The directory first, then the lock: killed in between, a rerun still sees its own restore.
  await recordEntry(env, { organizationId: id, slug: input.slug, domain: input.domain, binding: target, state: 'active' })
  await db.prepare('DELETE FROM org_write_locks WHERE organization_id = ?').bind(id).run()
  return { done: true, organizationId: id, binding: target, checks }
}

/**
 * Rows restored under another database's ids raise this database's AUTOINCREMENT past its own
 * range: put each sequence back to the highest id of its range (worker/db/id-ranges.ts), so the
 * database goes on handing out its own ids.
 */
async function keepIdRange(db: D1Database, target: string, tables: TableInfo[]) {
  const start = idRangeStart(target)
  const end = start + ID_RANGE
  const names = tables.map((t) => t.name)
  const { results } = await db
    .prepare(`SELECT name FROM sqlite_sequence WHERE seq >= ? AND name IN (${names.map(() => '?').join(', ')})`)
    .bind(end, ...names)
    .all<{ name: string }>()
  if (!results.length) return
  await db.batch(
    results.map(({ name }) =>
      db
        .prepare(
          `UPDATE sqlite_sequence SET seq = max(?, coalesce((SELECT max(rowid) FROM "${name}" WHERE rowid >= ? AND rowid < ?), 0)) WHERE name = ?`,
        )
        .bind(start, start, end, name),
    ),
  )
}
