import type { Bindings, TenantHint } from '../env'

/**
 * Past one database (docs/reference/performance.md §8): organizations can live on several D1 databases. `DB_ROUTES`
 * (a JSON var) is the routing table — which binding holds which organizations, by slug or custom
 * domain; everything it does not name stays on `DB`. The tenant middleware's hint picks the binding
 * before the first query, so a request only ever talks to its organization's database.
 *
 *   DB_ROUTES = '[{ "binding": "DB_WEST", "slugs": ["demo-west"], "domains": ["hoops.example"] }]'
 */
export interface DatabaseRoute {
  binding: string
  slugs?: string[]
  domains?: string[]
}

export const DEFAULT_BINDING = 'DB'

/** The routing table; a malformed one is a deployment error, said loudly rather than guessed around. */
export function parseRoutes(json: string | undefined): DatabaseRoute[] {
  if (!json?.trim()) return []
  const routes: unknown = JSON.parse(json)
  if (!Array.isArray(routes) || routes.some((r) => typeof r?.binding !== 'string'))
    throw new Error('DB_ROUTES must be a JSON array of { binding, slugs?, domains? }')
  return routes as DatabaseRoute[]
}

/** The binding name that holds the organization the request names (slug or domain), else `DB`. */
export function bindingNameFor(routes: DatabaseRoute[], hint: TenantHint): string {
  const domain = hint.domain?.toLowerCase()
  const slug = hint.kind === 'platform' ? hint.slug?.toLowerCase() : undefined
  const route = routes.find(
    (r) =>
      (domain && r.domains?.some((d) => d.toLowerCase() === domain)) || (slug && r.slugs?.some((s) => s.toLowerCase() === slug)),
  )
  return route?.binding ?? DEFAULT_BINDING
}

const parsed = new Map<string, DatabaseRoute[]>()

/** The D1 binding for the request's organization, chosen from `env.DB_ROUTES`. */
export function databaseFor(env: Bindings, hint: TenantHint): D1Database {
  const json = env.DB_ROUTES ?? ''
  if (!parsed.has(json)) parsed.set(json, parseRoutes(json))
  const name = bindingNameFor(parsed.get(json) ?? [], hint)
  const binding = (env as unknown as Record<string, unknown>)[name] as D1Database | undefined
  if (typeof binding?.prepare !== 'function') throw new Error(`DB_ROUTES names ${name}, which is not a D1 binding of this Worker`)
  return binding
}
