// The custom hostname state machine's pure rules: what the API's answer means for the row, which
// status badge the operator sees, and when failed work is tried again. No I/O here.
//
//   domain set/changed ─▶ action=register ──create ok──▶ action=refresh ──get: active+active──▶ active (no action)
//        │                    │  ▲ transient error (timeout, 429, 5xx): attempts+1, retry_at, error shown
//        │                    └──┘ refused (4xx): failed, error shown, no action until "Check now"
//        └─ old id ─▶ stale_ids ──delete ok / 404──▶ gone (transient: kept, retried)
import type { CustomHostnameRecord, organizations } from '../db/schema'
import type { CustomHostnameResult } from './cloudflare-client'

type OrganizationRow = typeof organizations.$inferSelect

export type CustomHostnameBadge = 'pending' | 'active' | 'failed'

// Cloudflare's hostname statuses that will not become active by waiting.
const FAILED_HOSTNAME = new Set([
  'blocked',
  'pending_blocked',
  'moved',
  'deleted',
  'pending_deletion',
  'test_failed',
  'test_blocked',
])
// …and certificate statuses.
const FAILED_SSL = new Set([
  'initializing_timed_out',
  'validation_timed_out',
  'issuance_timed_out',
  'deployment_timed_out',
  'deletion_timed_out',
  'expired',
  'deleted',
  'pending_deletion',
  'deactivating',
  'inactive',
])

const BASE_RETRY_SECONDS = 60
const MAX_RETRY_SECONDS = 60 * 60

/** The TXT records the API asks for: hostname ownership, then certificate validation. */
export function recordsFromResult(result: CustomHostnameResult): CustomHostnameRecord[] {
  const records: CustomHostnameRecord[] = []
  const ownership = result.ownership_verification
  if (ownership?.name && ownership.value) {
    records.push({ type: 'TXT', name: ownership.name, value: ownership.value, purpose: 'ownership' })
  }
  for (const record of result.ssl?.validation_records ?? []) {
    if (record.txt_name && record.txt_value) {
      records.push({ type: 'TXT', name: record.txt_name, value: record.txt_value, purpose: 'certificate' })
    }
  }
  return records
}

/** The API's own reasons a hostname or its certificate is not (yet) active, as one sentence. */
export function reasonFromResult(result: CustomHostnameResult): string | null {
  const reasons = [
    ...(result.verification_errors ?? []).map((e) => (typeof e === 'string' ? e : JSON.stringify(e))),
    ...(result.ssl?.validation_errors ?? []).map((e) => e.message ?? '').filter(Boolean),
  ]
  return reasons.length > 0 ? [...new Set(reasons)].join('; ') : null
}

export const isActive = (result: Pick<CustomHostnameResult, 'status' | 'ssl'>) =>
  result.status === 'active' && result.ssl?.status === 'active'

export const isFailed = (hostnameStatus: string | null | undefined, sslStatus: string | null | undefined) =>
  FAILED_HOSTNAME.has(hostnameStatus ?? '') || FAILED_SSL.has(sslStatus ?? '')

/** The columns a fresh answer from the API sets. */
export function columnsFromResult(result: CustomHostnameResult, now: Date) {
  const done = isActive(result) || isFailed(result.status, result.ssl?.status)
  return {
    customHostnameId: result.id,
    customHostnameStatus: result.status ?? null,
    customHostnameSslStatus: result.ssl?.status ?? null,
    customHostnameRecords: recordsFromResult(result),
    customHostnameError: reasonFromResult(result),
    // Pending hostnames are looked at again by the scheduled trigger until they settle.
    customHostnameAction: done ? null : ('refresh' as const),
    customHostnameAttempts: 0,
    customHostnameRetryAt: null,
    customHostnameCheckedAt: now.toISOString(),
  }
}

/** Seconds until a transient failure is tried again: the API's Retry-After, else 1, 2, 4… min (≤ 1 h). */
export function retryDelaySeconds(attempts: number, retryAfterSeconds: number | null): number {
  const backoff = Math.min(MAX_RETRY_SECONDS, BASE_RETRY_SECONDS * 2 ** Math.max(0, attempts - 1))
  return retryAfterSeconds !== null ? Math.min(MAX_RETRY_SECONDS, Math.max(retryAfterSeconds, 1)) : backoff
}

/** The badge: active when Cloudflare says hostname and certificate are; failed when waiting won't help. */
export function badgeFor(row: OrganizationRow): CustomHostnameBadge {
  if (row.customHostnameStatus === 'active' && row.customHostnameSslStatus === 'active') return 'active'
  if (isFailed(row.customHostnameStatus, row.customHostnameSslStatus)) return 'failed'
  // Refused by the API (e.g. an invalid or disallowed hostname): nothing left to retry.
  if (!row.customHostnameId && !row.customHostnameAction && row.customHostnameError) return 'failed'
  return 'pending'
}

export interface CustomHostnameJson {
  id: string | null
  hostname: string
  status: CustomHostnameBadge
  /** Cloudflare's own statuses, as the API reports them (null before registration). */
  hostnameStatus: string | null
  sslStatus: string | null
  /** DNS records to create: the CNAME to the fallback origin, then the TXTs the API asks for. */
  records: CustomHostnameRecord[]
  cnameTarget: string | null
  /** The API's message: why it is not active yet, or why the last call failed. */
  error: string | null
  lastCheckedAt: string | null
  /** Work the scheduled trigger still owes the API: register the hostname or refresh its status. */
  pendingAction: 'register' | 'refresh' | null
  /** When a failed call is tried again (null: at the next scheduled run). */
  retryAt: string | null
}

/** The organization's custom hostname as the admin screen reads it; null when it has no domain. */
export function customHostnameJson(row: OrganizationRow, cnameTarget: string | null): CustomHostnameJson | null {
  if (!row.domain) return null
  const routing: CustomHostnameRecord[] = cnameTarget
    ? [{ type: 'CNAME', name: row.domain, value: cnameTarget, purpose: 'routing' }]
    : []
  return {
    id: row.customHostnameId,
    hostname: row.domain,
    status: badgeFor(row),
    hostnameStatus: row.customHostnameStatus,
    sslStatus: row.customHostnameSslStatus,
    records: [...routing, ...(row.customHostnameRecords ?? [])],
    cnameTarget,
    error: row.customHostnameError,
    lastCheckedAt: row.customHostnameCheckedAt,
    pendingAction: row.customHostnameAction,
    retryAt: row.customHostnameRetryAt,
  }
}
