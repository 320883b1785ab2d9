import { env } from 'cloudflare:workers'

/**
 * The real local D1, except that the first write batch containing a statement that matches `when`
 * waits for `meanwhile` (another request, run to completion against the real bindings) before it
 * runs. That is the one interleaving a race test cannot count on hitting by chance: a request has
 * read what it plans from, someone else's write lands, then the plan is written.
 */
export function interleavedEnv(when: RegExp, meanwhile: () => Promise<unknown>, base: Cloudflare.Env = env) {
  const real = base.DB
  const sqlOf = new WeakMap<object, string>()
  const inner = new WeakMap<object, D1PreparedStatement>()
  let fired = false
  const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement => {
    const wrapped = new Proxy(statement, {
      get(target, property) {
        if (property === 'bind') return (...values: unknown[]) => wrapStatement(target.bind(...values), sql)
        const value = Reflect.get(target, property, target)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
    sqlOf.set(wrapped, sql)
    inner.set(wrapped, statement)
    return wrapped
  }
  const database = {
    prepare: (sql: string) => wrapStatement(real.prepare(sql), sql),
    async batch(statements: D1PreparedStatement[]) {
      if (!fired && statements.some((s) => when.test(sqlOf.get(s) ?? ''))) {
        fired = true
        await meanwhile()
      }
      return real.batch(statements.map((s) => inner.get(s) ?? s))
    },
    exec: (query: string) => real.exec(query),
    dump: () => real.dump(),
    withSession: () => ({ ...database, getBookmark: () => null }),
  }
  return {
    env: { ...base, DB: database as unknown as D1Database } as Cloudflare.Env,
    /** Whether the interleaved write ran. */
    fired: () => fired,
  }
}
