import type { Bindings } from '../env'
import { directory, HOME_BINDING } from './directory'
import { parseRoutes } from './routing'

/**
 * Every D1 binding organizations live on: DB, every binding the directory names, and any the
 * routing table names (worker/db/routing.ts). A database that holds no organization is not visited
 * (it may not even be migrated on a test server, scripts/local-server.ts).
 */
export async function databaseBindings(env: Bindings): Promise<string[]> {
  const dir = await directory(env)
  const named = new Set([HOME_BINDING, ...parseRoutes(env.DB_ROUTES).map((r) => r.binding)])
  for (const entry of dir.byId.values()) named.add(entry.binding)
  return [...named].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
}
