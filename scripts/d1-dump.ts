// The SQL dump `wrangler d1 export` writes, put into an order that can be replayed.
//
// wrangler writes each table's CREATE TABLE followed by its rows, table by table in name order,
// then the indexes and triggers. Replayed as it is, that fails as soon as a row names a parent table
// that comes later in the alphabet (`games` → `teams`: "no such table: main.teams", foreign keys
// are always on in D1). Replayed with the triggers of migration 0002 in place first, every row would
// also bump its organization's data_version. So a backup is kept in this order instead:
//   1. PRAGMA defer_foreign_keys (rows may arrive before their parents inside the one transaction)
//   2. every CREATE TABLE
//   3. every row (INSERT, and the sqlite_sequence rows so ids are never handed out twice)
//   4. indexes and views
//   5. triggers — last, so restoring rows fires none of them and data_version comes back exact.
// Pure: no I/O, so both scripts and tests use it.

/** Splits SQL text into statements (each without its trailing `;`), minding quotes and trigger bodies. */
export function splitStatements(sql: string): string[] {
  const statements: string[] = []
  let start = 0
  let quote: string | null = null
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]
    if (quote) {
      // A doubled quote inside a quoted run is an escaped quote; the loop just re-enters it.
      if (ch === quote) quote = null
      continue
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch
    } else if (ch === '[') {
      quote = ']'
    } else if (ch === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i)
      i = end === -1 ? sql.length : end
    } else if (ch === ';') {
      const text = sql.slice(start, i).trim()
      // Inside CREATE TRIGGER … BEGIN … END the body's own `;` do not end the statement.
      if (/^CREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/i.test(text) && !/\bEND$/i.test(text)) continue
      if (text) statements.push(text)
      start = i + 1
    }
  }
  const rest = sql.slice(start).trim()
  if (rest) statements.push(rest)
  return statements
}

type Part = 'pragma' | 'table' | 'row' | 'index' | 'trigger'

function partOf(statement: string): Part {
  const head = statement
    .replace(/^(\s*--[^\n]*\n)*/, '')
    .slice(0, 60)
    .toUpperCase()
  if (head.startsWith('PRAGMA')) return 'pragma'
  if (/^CREATE\s+(VIRTUAL\s+)?TABLE\b/.test(head)) return 'table'
  if (/^CREATE\s+(TEMP\s+|TEMPORARY\s+)?TRIGGER\b/.test(head)) return 'trigger'
  if (/^CREATE\s+(UNIQUE\s+)?INDEX\b|^CREATE\s+VIEW\b/.test(head)) return 'index'
  return 'row'
}

/** The dump in replayable order (see the top of this file). Idempotent. */
export function restorableOrder(sql: string): string {
  const parts: Record<Part, string[]> = { pragma: [], table: [], row: [], index: [], trigger: [] }
  for (const statement of splitStatements(sql)) parts[partOf(statement)].push(statement)
  if (!parts.pragma.some((p) => /defer_foreign_keys/i.test(p))) parts.pragma.unshift('PRAGMA defer_foreign_keys=TRUE')
  return `${[...parts.pragma, ...parts.table, ...parts.row, ...parts.index, ...parts.trigger].map((s) => `${s};`).join('\n')}\n`
}
