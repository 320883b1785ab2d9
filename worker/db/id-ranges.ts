/**
 * Every database hands out ids from its own range (docs/scaling.md "Ids across databases"): `DB`
 * from 1, `DB_<n>` from n × 10^12. A row keeps its id wherever its organization lives, so ids stay
 * unique across every database: a moved organization's rows never meet another's, and a super
 * admin's id names one row whichever database holds it. AUTOINCREMENT never goes below the high
 * water mark in `sqlite_sequence`, which is where the range starts.
 */
export const ID_RANGE = 1_000_000_000_000

/** Where a binding's ids start: 0 for DB, n × 10^12 for DB_<n>; any other name is a deployment error. */
export function idRangeStart(binding: string): number {
  if (binding === 'DB') return 0
  const n = /^DB_(\d+)$/.exec(binding)?.[1]
  if (!n || Number(n) < 2 || Number(n) > 9000) throw new Error(`Name extra D1 databases DB_2, DB_3, … (got ${binding})`)
  return Number(n) * ID_RANGE
}

/** The tables whose ids AUTOINCREMENT, as SQLite lists them (wrangler's own bookkeeping left out). */
const AUTOINCREMENT_TABLES =
  "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%AUTOINCREMENT%' AND name NOT IN ('d1_migrations')"

/** Statements that start every table's ids at the binding's range (idempotent: never lowers a sequence). */
export function idRangeStatements(binding: string): string[] {
  const start = idRangeStart(binding)
  if (start === 0) return []
  return [
    `INSERT INTO sqlite_sequence (name, seq) SELECT name, ${start} FROM (${AUTOINCREMENT_TABLES}) WHERE name NOT IN (SELECT name FROM sqlite_sequence)`,
    `UPDATE sqlite_sequence SET seq = ${start} WHERE seq < ${start} AND name IN (${AUTOINCREMENT_TABLES})`,
  ]
}

/** Applies the binding's id range to a D1 database (one batch). */
export async function applyIdRange(d1: D1Database, binding: string) {
  const statements = idRangeStatements(binding)
  if (statements.length) await d1.batch(statements.map((s) => d1.prepare(s)))
}

/**
 * Whether an organization on `source` may move to `target` without breaking `target`'s range
 * (docs/decisions/2026-11-29-move-id-ranges.md). Its rows keep their ids, and SQLite's
 * AUTOINCREMENT hands out one more than the larger of the sequence and the table's highest rowid:
 * rows from a higher range would make `target` hand out the source's ids — collisions later — and
 * no sequence can be set back below a row that is there. Rows from a lower range are harmless.
 * Bindings outside the `DB_<n>` naming (a deployment error, refused by the deploy) are not judged.
 */
export function keepsIdRange(source: string, target: string): boolean {
  try {
    return idRangeStart(source) <= idRangeStart(target)
  } catch {
    return true
  }
}
