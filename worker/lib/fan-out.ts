import type { Context } from 'hono'
import { createDb, type Db } from '../db/client'
import { boundedMap, d1Named, directory, HOME_BINDING } from '../db/directory'
import { parseRoutes } from '../db/routing'
import type { AppEnv } from '../env'

/** Databases a super admin's cross-organization list asks at once (docs/scaling.md "Super admin lists"). */
export const FAN_OUT_LIMIT = 3

/**
 * The databases that hold organizations: `DB`, every binding the directory names, and any the
 * routing table names. A database that holds none is not asked.
 */
export async function bindingsInUse(c: Context<AppEnv>): Promise<string[]> {
  const dir = await directory(c.env)
  const named = new Set([HOME_BINDING, c.var.binding, ...parseRoutes(c.env.DB_ROUTES).map((r) => r.binding)])
  for (const entry of dir.byId.values()) named.add(entry.binding)
  return [...named].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}

/**
 * Runs `work` on every database that holds organizations, at most FAN_OUT_LIMIT at once; the
 * request's own database through its own session (its bookmark, its counted round trips), the
 * others directly. Answers in binding order.
 */
export async function fanOut<T>(c: Context<AppEnv>, work: (db: Db, binding: string) => Promise<T>): Promise<T[]> {
  const bindings = await bindingsInUse(c)
  return boundedMap(bindings, FAN_OUT_LIMIT, (binding) =>
    work(binding === c.var.binding ? c.var.db : createDb(d1Named(c.env, binding)), binding),
  )
}

/** An opaque cursor over a list in a stable order: the last row's sort key. */
export function encodeCursor(key: (string | number)[]): string {
  return btoa(JSON.stringify(key)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The sort key a cursor carries, or undefined when it is not one of ours. */
export function decodeCursor(cursor: string | undefined): (string | number)[] | undefined {
  if (!cursor) return undefined
  try {
    const key: unknown = JSON.parse(atob(cursor.replaceAll('-', '+').replaceAll('_', '/')))
    return Array.isArray(key) && key.every((k) => typeof k === 'string' || typeof k === 'number') ? key : undefined
  } catch {
    return undefined
  }
}

/** Compares two sort keys element by element (strings by code unit, as SQLite's BINARY collation does). */
export function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i]
    const y = b[i]
    if (x === y) continue
    if (x === undefined) return -1
    if (y === undefined) return 1
    return x < y ? -1 : 1
  }
  return 0
}
