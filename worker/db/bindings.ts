import type { Bindings } from '../env'
import { d1BindingNames } from './directory'
import { parseRoutes } from './routing'

/** Every D1 binding organizations live on: DB, every DB_* binding, and any the routing table names (worker/db/routing.ts). */
export function databaseBindings(env: Bindings): string[] {
  return [...new Set(['DB', ...d1BindingNames(env), ...parseRoutes(env.DB_ROUTES).map((r) => r.binding)])]
}
