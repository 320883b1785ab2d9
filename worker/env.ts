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
  /** The D1 bindings new organizations may be placed on, comma-separated (worker/db/directory.ts); unset: every `DB`/`DB_*` binding. */
  DB_PLACEMENT?: string
  /** The operator's secret for POST /internal/org-move (worker/routes/org-move.ts); unset: no moves. */
  ORG_MOVE_TOKEN?: string
  /** Milliseconds a move waits after its switch before deleting the source's rows (worker/db/move.ts); default 65,000. */
  ORG_MOVE_GRACE_MS?: string
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
  // ---- Members and their e-mail (docs/members.md, docs/notifications.md) ----
  /** The queue every e-mail and notification fan-out goes through (worker/queue.ts). */
  NOTIFY: Queue<QueueMessage>
  /** How e-mail leaves: `http` (POST the message to MAIL_API_URL), `cloudflare` (the MAIL binding), `none` (kept in D1 only). Default: http when MAIL_API_URL is set, else none. */
  MAIL_TRANSPORT?: string
  /** The HTTP mail API's endpoint: it receives each message as `message/rfc822` (locally scripts/mail-standin.ts writes it as an .eml file). */
  MAIL_API_URL?: string
  /** Secret: the HTTP mail API's bearer token. */
  MAIL_API_TOKEN?: string
  /** Cloudflare's e-mail sending binding (`send_email`), used when MAIL_TRANSPORT is `cloudflare`. */
  MAIL?: SendEmail
  /** The sender of every e-mail, e.g. `Courtside <no-reply@courtside.app>`. */
  MAIL_FROM?: string
  /** Secret: signs the single-purpose links in e-mails (availability answers, unsubscribe). Unset: one is made and kept in KV. */
  LINK_SECRET?: string
  /** Seconds an organization must be quiet before its waiting notifications are e-mailed (default 30; docs/notifications.md). */
  NOTIFY_QUIET_SECONDS?: string
  /** The longest a notification waits for that quiet (seconds, default 240): every change leaves within five minutes. */
  NOTIFY_MAX_WAIT_SECONDS?: string
  /** The platform's public address (e.g. https://courtside.app) for links in e-mails written outside a request. */
  PUBLIC_ORIGIN?: string
  // ---- Registration payments (docs/registration.md) ----
  /** Secret: Stripe's secret key (sk_test_… / sk_live_…). Unset: no online payment, only "pay at the gym". */
  STRIPE_SECRET_KEY?: string
  /** Secret: the webhook endpoint's signing secret (whsec_…). */
  STRIPE_WEBHOOK_SECRET?: string
  /** Stripe's API base (default https://api.stripe.com); `npm start` points it at the local stand-in. */
  STRIPE_API_BASE?: string
}

/** What travels on the NOTIFY queue (worker/queue.ts). */
export interface QueueMessage {
  /** Which handler (worker/queue.ts): `deliver` (one e-mail), `flush` (an organization's pending notifications)… */
  type: string
  /** The D1 binding holding the organization (worker/db/routing.ts); DB when absent. */
  binding?: string
  [key: string]: unknown
}

export interface Variables {
  db: Db
  /** The D1 binding the request talks to (worker/db/directory.ts): its organization's database. */
  binding: string
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
  /** Set when the request wrote to games, seasons or notifications: a flush goes on the queue after it (docs/notifications.md). */
  notifyingWrite?: { write: boolean }
  /** The signed-in member (docs/members.md), confirmed against D1; null when none. Never a staff user. */
  member: SessionMember | null
  memberSession: MemberSessionRecord | null
  memberSessionKey: string | null
}

export interface SessionMember {
  id: number
  organizationId: number
  playerId: number
  email: string
  firstName: string
  lastName: string
  language: string | null
  sessionEpoch: number
}

export interface MemberSessionRecord {
  memberId: number
  organizationId: number
  epoch: number
  xsrf: string
  createdAt: number
  lastSeenAt: number
}

export type TenantHint = { kind: 'custom-domain'; domain: string } | { kind: 'platform'; slug?: string; domain?: string }

export interface SessionRecord {
  userId: number
  /** The D1 binding holding the user (worker/db/directory.ts); absent in sessions made before the directory: `DB`. */
  binding?: string
  /** A super admin's session: its `organization_id` query picks the database the request talks to. */
  superAdmin?: boolean
  /** The user's organization: after a move its database is the directory's, not `binding` (docs/scaling.md). */
  organizationId?: number
  epoch: number
  xsrf: string
  createdAt: number
  lastSeenAt: number
}

export type AppEnv = { Bindings: Bindings; Variables: Variables }
