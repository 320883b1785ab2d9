import type { MiddlewareHandler } from 'hono'
import { SOURCE_LANGUAGE } from '../domain/i18n'
import type { AppEnv } from '../env'
import { ApiError } from '../lib/errors'
import { localizeErrorBody, requestLanguage } from '../lib/i18n'

/**
 * An API refusal in the language its request asks for (docs/decisions/2026-11-28-languages.md): a
 * JSON 4xx/5xx's `message` and `fields`, written again from the `api` catalogs once the route has
 * answered (thrown or returned alike). No Accept-Language, or English: the answer is untouched.
 */
export const localizeErrors: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  if (c.res.status < 400 || !c.req.header('Accept-Language')) return
  if (!(c.res.headers.get('Content-Type') ?? '').includes('application/json')) return
  // The SPA names its language on every call: an English refusal is answered as it is, unread.
  const language = await requestLanguage(c).catch(() => SOURCE_LANGUAGE)
  if (language === SOURCE_LANGUAGE) return
  const body = (await c.res
    .clone()
    .json()
    .catch(() => null)) as { message?: unknown; fields?: unknown } | null
  if (!body || typeof body !== 'object' || Array.isArray(body)) return
  // onError's answer keeps the thrown error on the context (c.error): its structured translation, if any.
  const thrown = c.error instanceof ApiError ? c.error : undefined
  const localized = await localizeErrorBody(c, body, thrown?.translation, language, thrown?.fieldTranslations)
  if (localized === body) return
  const headers = new Headers(c.res.headers)
  headers.delete('Content-Length')
  c.res = new Response(JSON.stringify(localized), { status: c.res.status, headers })
}
