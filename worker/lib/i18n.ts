// The API's languages (docs/decisions/2026-11-28-languages.md): which language a request is
// answered in, and its catalogs. English is bundled (it is the wire contract: no Accept-Language,
// the specification's messages exactly); every other language's catalogs are static assets
// (i18n/<language>/<namespace>.json), read through the ASSETS binding once per isolate,
// so adding a language is adding its files.
import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import enAdmin from '../../i18n/en/admin.json'
import enServer from '../../i18n/en/server.json'
import enSite from '../../i18n/en/site.json'
import { getOrganization } from '../db/queries/organizations'
import { type Defaults, defaultsIn, englishDefaults } from '../domain/defaults'
import {
  type Catalog,
  createTranslator,
  enabledLanguages,
  formatLocalDate,
  formatLocalTime,
  LANGUAGE_CODE,
  LANGUAGE_COOKIE,
  localize,
  type Namespace,
  negotiateLanguage,
  readBackCatalog,
  SOURCE_LANGUAGE,
  type Translate,
  type Translation,
  templateMatcher,
  writeTranslation,
} from '../domain/i18n'
import { formatGameDate, formatGameTime } from '../domain/time'
import type { AppEnv, Bindings } from '../env'

/** What reading a catalog needs: the ASSETS binding — a request's context, or a queue consumer's env wrapped as `{ env }`. */
export type HasEnv = { env: Bindings }

const ENGLISH: Record<Namespace, Catalog> = { site: enSite, admin: enAdmin, server: enServer }

/** The manifest the build writes beside the catalogs (web/vite.config.ts): every language shipped. */
export const LANGUAGES_MANIFEST = '/i18n/languages.json'

const catalogs = new Map<string, Promise<Catalog | null>>()
let available: Promise<readonly string[]> | undefined

async function asset<T>(c: HasEnv, path: string): Promise<T | null> {
  try {
    const answer = await c.env.ASSETS.fetch(new Request(new URL(path, 'https://assets.invalid')))
    return answer.ok ? ((await answer.json()) as T) : null
  } catch {
    return null
  }
}

/** The languages the product ships (English always). */
export function availableLanguages(c: HasEnv): Promise<readonly string[]> {
  available ??= asset<{ languages: { code: string }[] }>(c, LANGUAGES_MANIFEST).then((manifest) => {
    const codes = (manifest?.languages ?? []).map((l) => l.code).filter((code) => LANGUAGE_CODE.test(code))
    if (!manifest) available = undefined // no build yet: ask again next time
    return codes.includes(SOURCE_LANGUAGE) ? codes : [SOURCE_LANGUAGE, ...codes]
  })
  return available
}

/** One language's catalog of a namespace, or null when the language ships none. */
export function catalogOf(c: HasEnv, language: string, namespace: Namespace): Promise<Catalog | null> {
  if (language === SOURCE_LANGUAGE) return Promise.resolve(ENGLISH[namespace])
  if (!LANGUAGE_CODE.test(language)) return Promise.resolve(null)
  const key = `${language}/${namespace}`
  let entry = catalogs.get(key)
  if (!entry) {
    entry = asset<Catalog>(c, `/i18n/${key}.json`).then((catalog) => {
      if (!catalog) catalogs.delete(key)
      return catalog
    })
    catalogs.set(key, entry)
  }
  return entry
}

/** A translator for one namespace in `language`, English where that catalog is missing. */
export async function translator(c: HasEnv, language: string, namespace: Namespace): Promise<Translate> {
  const catalog = (await catalogOf(c, language, namespace)) ?? ENGLISH[namespace]
  return createTranslator(catalog === ENGLISH[namespace] ? SOURCE_LANGUAGE : language, catalog, ENGLISH[namespace])
}

/**
 * The language a request's answers speak: the one its Accept-Language asks for among the
 * organization's enabled languages (any shipped language when the request names no organization),
 * else English — the wire contract of docs/api.md.
 */
export async function requestLanguage(c: Context<AppEnv>): Promise<string> {
  const header = c.req.header('Accept-Language')
  if (!header) return SOURCE_LANGUAGE
  const org = c.var.org ?? c.var.namedOrg ?? null
  const enabled = org
    ? enabledLanguages(org.languages)
    : c.var.user
      ? enabledLanguages(c.var.user.orgLanguages)
      : [...(await availableLanguages(c))]
  return negotiateLanguage(header, enabled) ?? SOURCE_LANGUAGE
}

let apiMatcher: ReturnType<typeof templateMatcher> | undefined

/**
 * An error body's `message` and field errors in the request's language (English: untouched). With a
 * `translation` (ApiError.translated), the message — and each field that repeats it — is written from
 * its key and values instead of being read back from the English.
 */
export async function localizeErrorBody<T extends { message?: unknown; fields?: unknown }>(
  c: Context<AppEnv>,
  body: T,
  translation: Translation | undefined,
  language: string,
  fieldTranslations?: Record<string, Translation>,
): Promise<T> {
  if (language === SOURCE_LANGUAGE) return body
  apiMatcher ??= templateMatcher(readBackCatalog(ENGLISH.server))
  const match = apiMatcher
  const translate = await translator(c, language, 'server')
  const written = translation ? writeTranslation(language, translation, translate) : undefined
  const say = (text: string) => (written !== undefined && text === body.message ? written : localize(text, match, translate))
  const out: T = { ...body }
  if (typeof body.message === 'string') out.message = say(body.message)
  if (body.fields && typeof body.fields === 'object') {
    out.fields = Object.fromEntries(
      Object.entries(body.fields as Record<string, unknown>).map(([name, text]) => {
        const own = fieldTranslations?.[name]
        return [name, own ? writeTranslation(language, own, translate) : typeof text === 'string' ? say(text) : text]
      }),
    )
  }
  return out
}

/**
 * The language a page is written in: on an organization's site, the visitor's remembered choice when
 * the organization offers it, else the site's language; elsewhere (sign-in, dashboard) the remembered
 * choice among the languages shipped, else English.
 */
export async function pageLanguage(c: Context<AppEnv>, org: { language: string; languages: string } | null): Promise<string> {
  const chosen = getCookie(c, LANGUAGE_COOKIE)
  if (org) {
    const enabled = enabledLanguages(org.languages)
    if (chosen && enabled.includes(chosen)) return chosen
    return enabled.includes(org.language) ? org.language : (enabled[0] ?? SOURCE_LANGUAGE)
  }
  if (chosen && (await availableLanguages(c)).includes(chosen)) return chosen
  return SOURCE_LANGUAGE
}

/**
 * The language of what the Worker writes for an organization outside its pages — widgets, calendar
 * feeds, CSV exports: the one the address names (`?lang=fr`) when the organization offers it, else
 * the organization's own (docs/decisions/2026-11-28-server-language.md).
 */
export function organizationLanguage(c: Context<AppEnv>, org: { language: string; languages: string }): string {
  const enabled = enabledLanguages(org.languages)
  const asked = c.req.query('lang')
  if (asked && enabled.includes(asked)) return asked
  return enabled.includes(org.language) ? org.language : (enabled[0] ?? SOURCE_LANGUAGE)
}

/** The words of a server-written page or file in one language: its catalog, and its dates and times. */
export interface Words {
  language: string
  t: Translate
  /** A calendar day (yyyy-MM-dd) in full, TBD without one. English: exactly as before (`March 29, 2026`). */
  date: (date: string | null) => string
  /** A wall-clock time (HH:mm), TBD without one. English: `7:00 PM`. */
  time: (time: string | null) => string
  /** An English phrase the Worker composed elsewhere (`Semi-finals`, `Season not found`), in the language. */
  say: (english: string) => string
}

/** The server catalog's words in `language` (English when that language ships no catalog). */
export async function serverWords(c: HasEnv, language: string): Promise<Words> {
  const t = await translator(c, language, 'server')
  if (language === SOURCE_LANGUAGE)
    return { language, t, date: (d) => formatGameDate(d), time: (x) => formatGameTime(x), say: (e) => e }
  apiMatcher ??= templateMatcher(readBackCatalog(ENGLISH.server))
  const match = apiMatcher
  return {
    language,
    t,
    date: (d) => (d ? formatLocalDate(language, d) : t('server.tbd')),
    time: (x) => (x && /^\d{1,2}:\d{2}$/.test(x) ? formatLocalTime(language, x) : t('server.tbd')),
    say: (english) => localize(english, match, t),
  }
}

/**
 * The stat, game-period and player-attribute defaults an organization is seeded with, named in its
 * language (docs/decisions/2026-11-28-default-names-language.md); English exactly as worker/domain/defaults.ts writes them.
 */
export async function defaultsInLanguage(c: Context<AppEnv>, language: string): Promise<Defaults> {
  if (language === SOURCE_LANGUAGE) return englishDefaults
  const t = await translator(c, language, 'server')
  return defaultsIn((key) => t(key))
}

/** The defaults of one organization (Reset to default): in its language as it is now. */
export async function organizationDefaults(c: Context<AppEnv>, orgId: number): Promise<Defaults> {
  const org = await getOrganization(c.var.db, orgId)
  return defaultsInLanguage(c, org?.language ?? SOURCE_LANGUAGE)
}
