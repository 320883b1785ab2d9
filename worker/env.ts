import type { Db } from './db/client'
import type { WriteGuards } from './db/guards'
import type { Organization, SessionUser } from './db/queries/types'

export interface Bindings {
  DB: D1Database
  SESSIONS: KVNamespace
  LOGOS: R2Bucket
  ASSETS: Fetcher
  PLATFORM_HOSTS?: string
  /** Which D1 binding holds which organizations (worker/db/routing.ts); unset: everything on DB. */
  DB_ROUTES?: string
  // Cloudflare for SaaS custom hostnames (docs/custom-domains.md). Without the zone id and the API
  // token the feature is off: domains are saved and resolve as before, nothing is registered.
  /** Secret: the SaaS zone's id. */
  CF_ZONE_ID?: string
  /** Secret: an API token with SSL and Certificates: Edit on that zone. Never sent to the browser or logged. */
  CF_API_TOKEN?: string
  /** The API's base URL (default https://api.cloudflare.com/client/v4); tests point it at a stand-in. */
  CF_API_BASE?: string
  /** The fallback origin every custom domain's CNAME points at, e.g. `sites.courtside.app`. */
  CUSTOM_HOSTNAME_CNAME_TARGET?: string
  /** One Durable Object per live game (worker/live/game-room.ts, docs/live-scoring.md). */
  GAME_ROOM: DurableObjectNamespace
  /** Fans a live game takes at once (default 2000). */
  LIVE_MAX_FANS?: string
  /** How long a live game's events wait before going to D1 together (ms, default 1000). */
  LIVE_FLUSH_MS?: string
  /** How often, at most, a live game's derived box score is written between period changes (ms, default 300000). */
  LIVE_BOX_SCORE_MS?: string
  /** `1` (benchmarks only): answer the D1 rows each request read in an `X-Rows-Read` header. */
  BENCH?: string
}

export interface Variables {
  db: Db
  /** Conditions the request's next write must not find (worker/db/guards.ts). */
  guards: WriteGuards
  requestId: string
  /** Where the request says its organization is: a custom domain, or a slug/domain query. */
  tenant: TenantHint
  /** The signed-in user, confirmed against D1 (null for anonymous requests). */
  user: SessionUser | null
  session: SessionRecord | null
  sessionKey: string | null
  /** The organization resolved for a public call (set by requirePublicOrg). */
  org?: Organization
  /** The organization the request names, once looked up (null: it names one that does not exist). */
  namedOrg?: Organization | null
}

export type TenantHint = { kind: 'custom-domain'; domain: string } | { kind: 'platform'; slug?: string; domain?: string }

export interface SessionRecord {
  userId: number
  epoch: number
  xsrf: string
  createdAt: number
  lastSeenAt: number
}

export type AppEnv = { Bindings: Bindings; Variables: Variables }
