// The Cloudflare for SaaS custom hostnames API, and nothing else of Cloudflare's API:
//   POST   /zones/{zone_id}/custom_hostnames              register a hostname (DV certificate)
//   GET    /zones/{zone_id}/custom_hostnames/{id}         its hostname and certificate status
//   GET    /zones/{zone_id}/custom_hostnames?hostname=…   find one (after a create that timed out)
//   DELETE /zones/{zone_id}/custom_hostnames/{id}         remove it and its certificates
// Every answer is the v4 envelope `{ success, errors: [{ code, message }], messages, result }`.
// Plain fetch, no Node APIs: the same file runs in the Worker and in Node unit tests.

export const DEFAULT_API_BASE = 'https://api.cloudflare.com/client/v4'
/** Issue: saving an organization never waits on Cloudflare longer than this. */
export const DEFAULT_TIMEOUT_MS = 5_000

export interface CloudflareApiConfig {
  zoneId: string
  /** Sent only in the Authorization header; never part of a message, a log line or a response. */
  token: string
  apiBase?: string
  timeoutMs?: number
  /** Another fetch (tests inside workerd route the client to an in-isolate stand-in). */
  fetch?: typeof fetch
}

/** The fields of a custom hostname we read (the API returns more). */
export interface CustomHostnameResult {
  id: string
  hostname: string
  status?: string
  ssl?: {
    status?: string
    method?: string
    type?: string
    validation_records?: { txt_name?: string; txt_value?: string; http_url?: string; http_body?: string }[]
    validation_errors?: { message?: string }[]
  }
  ownership_verification?: { type?: string; name?: string; value?: string }
  verification_errors?: unknown[]
}

export type CloudflareErrorKind = 'timeout' | 'unreachable' | 'rate-limited' | 'server' | 'refused' | 'not-found'

/**
 * A failed call. `transient` ones (timeout, unreachable, 429, 5xx) are retried later; the others
 * are the API refusing the request and are shown to the operator as they are.
 */
export class CloudflareApiError extends Error {
  readonly name = 'CloudflareApiError'
  constructor(
    readonly kind: CloudflareErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly codes: number[] = [],
    /** From `Retry-After` on a 429 (or 503), in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message)
  }

  get transient() {
    return this.kind === 'timeout' || this.kind === 'unreachable' || this.kind === 'rate-limited' || this.kind === 'server'
  }
}

/** Cloudflare's error code for "Duplicate custom hostname found." */
const DUPLICATE_HOSTNAME = 1406

interface Envelope<T> {
  success?: boolean
  errors?: { code?: number; message?: string }[]
  result?: T
}

/** `Retry-After` as seconds (it may be a number of seconds or an HTTP date). */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed)
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000))
}

const apiMessages = (errors: Envelope<unknown>['errors']) =>
  (errors ?? [])
    .map((e) => (e.code ? `${e.message ?? 'Error'} (code ${e.code})` : (e.message ?? '')))
    .filter(Boolean)
    .join('; ')

export function createCloudflareClient(config: CloudflareApiConfig) {
  const base = (config.apiBase?.trim() || DEFAULT_API_BASE).replace(/\/+$/, '')
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const zonePath = `/zones/${encodeURIComponent(config.zoneId)}/custom_hostnames`

  async function call<T>(method: string, path: string, options: { body?: unknown; timeoutMs?: number } = {}): Promise<T> {
    const limit = Math.max(1, Math.min(options.timeoutMs ?? timeoutMs, timeoutMs))
    const doFetch = config.fetch ?? fetch
    let response: Response
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${config.token}`,
          Accept: 'application/json',
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: AbortSignal.timeout(limit),
      })
    } catch (error) {
      const name = error instanceof Error ? error.name : ''
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new CloudflareApiError('timeout', `The Cloudflare API did not answer within ${formatSeconds(limit)}`)
      }
      // The cause (DNS, refused connection) is ours to log, not the operator's; it holds no secret.
      throw new CloudflareApiError('unreachable', 'The Cloudflare API could not be reached')
    }
    let body: Envelope<T> | null = null
    try {
      const text = await response.text()
      body = text ? (JSON.parse(text) as Envelope<T>) : null
    } catch {
      body = null // a proxy's HTML error page, a truncated body: judged by the status below
    }
    if (response.ok && body?.success !== false) {
      if (body?.result === undefined) {
        throw new CloudflareApiError('server', `The Cloudflare API answered ${response.status} without a result`, response.status)
      }
      return body.result
    }
    const codes = (body?.errors ?? []).map((e) => e.code).filter((c): c is number => typeof c === 'number')
    const detail = apiMessages(body?.errors)
    const retryAfter = parseRetryAfter(response.headers.get('Retry-After'))
    if (response.status === 429) {
      throw new CloudflareApiError(
        'rate-limited',
        `Cloudflare API rate limit reached${detail ? `: ${detail}` : ''}`,
        429,
        codes,
        retryAfter,
      )
    }
    if (response.status >= 500) {
      throw new CloudflareApiError(
        'server',
        `The Cloudflare API failed (HTTP ${response.status})${detail ? `: ${detail}` : ''}`,
        response.status,
        codes,
        retryAfter,
      )
    }
    if (response.status === 404) {
      throw new CloudflareApiError('not-found', detail || 'Not found at Cloudflare', 404, codes)
    }
    throw new CloudflareApiError(
      'refused',
      detail || `The Cloudflare API refused the request (HTTP ${response.status})`,
      response.status,
      codes,
    )
  }

  return {
    /**
     * Registers a hostname with a DV certificate validated over HTTP: once the CNAME points at the
     * fallback origin Cloudflare validates and renews by itself, with no TXT to update every renewal.
     */
    create(hostname: string, options?: { timeoutMs?: number }) {
      return call<CustomHostnameResult>('POST', zonePath, {
        body: { hostname, ssl: { method: 'http', type: 'dv' } },
        ...options,
      })
    },
    get(id: string, options?: { timeoutMs?: number }) {
      return call<CustomHostnameResult>('GET', `${zonePath}/${encodeURIComponent(id)}`, options)
    },
    async findByHostname(hostname: string, options?: { timeoutMs?: number }) {
      const found = await call<CustomHostnameResult[]>('GET', `${zonePath}?hostname=${encodeURIComponent(hostname)}`, options)
      return found.find((h) => h.hostname === hostname) ?? null
    },
    /** Deleting a hostname Cloudflare no longer has is done, not an error. */
    async delete(id: string, options?: { timeoutMs?: number }) {
      try {
        await call<{ id: string }>('DELETE', `${zonePath}/${encodeURIComponent(id)}`, options)
      } catch (error) {
        if (error instanceof CloudflareApiError && error.kind === 'not-found') return
        throw error
      }
    },
  }
}

export type CloudflareClient = ReturnType<typeof createCloudflareClient>

/** True when a create failed because the hostname is already registered in the zone. */
export const isDuplicateHostname = (error: unknown) =>
  error instanceof CloudflareApiError &&
  !error.transient &&
  (error.codes.includes(DUPLICATE_HOSTNAME) || /duplicate custom hostname/i.test(error.message))

const formatSeconds = (ms: number) => `${Number((ms / 1000).toFixed(2))} s`
