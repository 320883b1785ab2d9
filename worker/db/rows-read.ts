// Rows read per request (issue 7 §7, cost): with BENCH=1 the Worker wraps its D1 binding, adds up
// `meta.rows_read` of every statement and batch, and answers it in an `X-Rows-Read` header. Off by
// default: production never pays for it. D1's `raw()` and `first()` (which drizzle's selects use)
// return no metadata, so in this mode each of them runs the statement a second time through
// `all()` to read it — the figures are exact, but don't time requests with BENCH=1.

export interface RowsReadMeter {
  rowsRead: number
  statements: number
}

type Result = { meta?: { rows_read?: number } }

function meterStatement(statement: D1PreparedStatement, meter: RowsReadMeter): D1PreparedStatement {
  const count = <T extends Result>(result: T): T => {
    meter.rowsRead += result.meta?.rows_read ?? 0
    meter.statements++
    return result
  }
  return new Proxy(statement, {
    get(target, property) {
      if (property === 'bind') return (...values: unknown[]) => meterStatement(target.bind(...values), meter)
      if (property === 'all' || property === 'run') return async () => count(await target[property]())
      if (property === 'raw' || property === 'first') {
        return async (...args: unknown[]) => {
          count(await target.all())
          return (target[property] as (...a: unknown[]) => unknown)(...args)
        }
      }
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

/** The binding with every statement's and batch's rows read added to `meter`. */
export function meteredD1(d1: D1Database, meter: RowsReadMeter): D1Database {
  return new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare') return (query: string) => meterStatement(target.prepare(query), meter)
      if (property === 'batch') {
        return async (statements: D1PreparedStatement[]) => {
          // Unwrap: the binding's batch wants its own statements (the proxies forward to them).
          const results = await target.batch(statements)
          for (const r of results) {
            meter.rowsRead += r.meta?.rows_read ?? 0
            meter.statements++
          }
          return results
        }
      }
      const value = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
