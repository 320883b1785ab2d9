import type { Db } from './db/client'
import type { Organization, SessionUser } from './db/queries/types'

export interface Bindings {
  DB: D1Database
  SESSIONS: KVNamespace
  LOGOS: R2Bucket
  ASSETS: Fetcher
  PLATFORM_HOSTS?: string
}

export interface Variables {
  db: Db
  requestId: string
  /** Where the request says its organization is: a custom domain, or a slug/domain query. */
  tenant: TenantHint
  /** The signed-in user, confirmed against D1 (null for anonymous requests). */
  user: SessionUser | null
  session: SessionRecord | null
  sessionKey: string | null
  /** The organization resolved for a public call (set by requirePublicOrg). */
  org?: Organization
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
