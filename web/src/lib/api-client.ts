// The one way the SPA talks to the Worker: same origin, cookies sent, the XSRF cookie echoed in a
// header on every mutation (docs/architecture.md "Request flow", XSRF), and any non-2xx turned into an
// ApiError carrying the server's `message` and `fields` so screens can show them as they are.
import type { ApiErrorBody, ChangedBy } from '../../../worker/contract/errors'
import { currentLanguage, t } from './i18n'

export type { ChangedBy }

export class ApiError extends Error {
  readonly status: number
  readonly fields?: Record<string, string>
  /** The whole answer, for what a screen needs beyond the message (a 409's `current` state). */
  readonly body?: Record<string, unknown>

  constructor(status: number, message: string, fields?: Record<string, string>, body?: Record<string, unknown>) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.fields = fields
    this.body = body
  }
}

type Query = Record<string, string | number | boolean | null | undefined>

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Query
  json?: unknown
  form?: FormData
  signal?: AbortSignal
}

const XSRF_COOKIE = 'XSRF-TOKEN'
const XSRF_HEADER = 'X-XSRF-TOKEN'

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return null
}

/** Any check-auth response sets the XSRF cookie; ask for one before the first mutation. */
async function ensureXsrfToken(): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE)
  if (existing) return existing
  await fetch('/api/auth/check-auth', { credentials: 'same-origin' }).catch(() => undefined)
  return readCookie(XSRF_COOKIE)
}

export function withQuery(path: string, query?: Query): string {
  if (!query) return path
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const text = params.toString()
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path
}

/** Added to every call's query: the dashboard sets it for a super admin's chosen organization (lib/acting-org.ts). */
export const callQuery: { of: (path: string) => Query | undefined } = { of: () => undefined }

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET'
  // Refusals come back in the page's language (docs/decisions/2026-11-28-languages.md).
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() }
  let body: BodyInit | undefined

  if (options.form) {
    body = options.form // the browser sets the multipart boundary itself
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(options.json)
  }
  if (method !== 'GET') {
    const token = await ensureXsrfToken()
    if (token) headers[XSRF_HEADER] = token
  }

  const response = await fetch(withQuery(path, { ...callQuery.of(path), ...options.query }), {
    method,
    headers,
    body,
    credentials: 'same-origin',
    signal: options.signal,
  })

  if (response.status === 204) return undefined as T
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false
  const payload: unknown = isJson ? await response.json().catch(() => null) : null

  if (!response.ok) {
    // The Worker's error answer (worker/contract/errors.ts); a proxy's may be anything, hence the checks.
    const error = (payload ?? {}) as Partial<ApiErrorBody>
    const message = typeof error.message === 'string' && error.message ? error.message : response.statusText
    throw new ApiError(
      response.status,
      message || t('common.requestFailed', { status: response.status }),
      error.fields,
      payload as Record<string, unknown> | undefined,
    )
  }
  return payload as T
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json?: unknown) => apiRequest<T>(path, { method: 'PUT', json: json ?? {} }),
  delete: <T = void>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
  postForm: <T>(path: string, form: FormData) => apiRequest<T>(path, { method: 'POST', form }),
  putForm: <T>(path: string, form: FormData) => apiRequest<T>(path, { method: 'PUT', form }),
}

/** The server's message when it sent one, else the screen's own wording (docs/reference/public-site.md §8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404
}

/** A 409 refusing a write made from a stale copy: the current state and who changed it. */
export function staleConflict<T>(error: unknown): { message: string; current: T; changedBy: ChangedBy | null } | null {
  if (!(error instanceof ApiError) || error.status !== 409 || !error.body || !('current' in error.body)) return null
  return {
    message: error.message,
    current: error.body.current as T,
    changedBy: (error.body.changedBy as ChangedBy | null | undefined) ?? null,
  }
}
