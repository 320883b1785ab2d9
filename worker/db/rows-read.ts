// Rows read per request (docs/reference/performance.md §7, cost): with BENCH=1 the Worker wraps its D1 binding, adds up
// `meta.rows_read` of every statement and batch, and answers it in an `X-Rows-Read` header. Off by
// default: production never pays for it. D1's `raw()` and `first()` (which drizzle's selects use)
// return no metadata, so in this mode each of them runs the statement a second time through
// `all()` to read it (reads only: a write runs once and goes uncounted) — the figures are exact for
// public reads, but don't time requests with BENCH=1. A statement that
// reads more than 2,000 rows is logged with its SQL, to show where an index is missing.

import { at } from '../domain/at'

export interface RowsReadMeter {
  rowsRead: number
  statements: number
}

type Result = { meta?: { rows_read?: number } }

/** A statement that reads more rows than this is logged with its SQL (wrangler dev's console). */
const LOG_ABOVE = 2000
const sqlOf = new WeakMap<object, string>()

function record(meter: RowsReadMeter, result: Result, query: string | undefined) {
  const rows = result.meta?.rows_read ?? 0
  meter.rowsRead += rows
  meter.statements++
  if (rows > LOG_ABOVE) console.log(`[rows-read] ${rows} ${query?.slice(0, 400) ?? '(unknown statement)'}`)
}

function meterStatement(statement: D1PreparedStatement, meter: RowsReadMeter, query: string): D1PreparedStatement {
  const readOnly = /^\s*(select|with)\b/i.test(query)
  const count = <T extends Result>(result: T): T => {
    record(meter, result, query)
    return result
  }
  const proxy = new Proxy(statement, {
    get(target, property) {
      if (property === 'bind') return (...values: unknown[]) => meterStatement(target.bind(...values), meter, query)
      if (property === 'all' || property === 'run') return async () => count(await target[property]())
      if (property === 'raw' || property === 'first') {
        return async (...args: unknown[]) => {
          // Only a read may run twice: a write (insert … returning) must happen once. Such writes
          // go uncounted in this mode; the benchmarks measure public reads.
          if (readOnly) count(await target.all())
          return (target[property] as (...a: unknown[]) => unknown)(...args)
        }
      }
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
  sqlOf.set(proxy, query)
  return proxy
}

/** The binding with every statement's and batch's rows read added to `meter`. */
export function meteredD1(d1: D1Database, meter: RowsReadMeter): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare') return (query: string) => meterStatement(target.prepare(query), meter, query)
      if (property === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          const results = await target.batch(statements)
          for (const [i, result] of results.entries()) record(meter, result, sqlOf.get(at(statements, i)))
          return results
        }
      }
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
