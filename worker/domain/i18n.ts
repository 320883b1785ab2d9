// Message catalogs and the formatting rules both halves of the product share
// (docs/decisions/2026-11-28-languages.md): ICU messages through intl-messageformat, numbers and
// percentages through Intl in the language, and the one rule that picks a language from a request.
import { IntlMessageFormat } from 'intl-messageformat'

/** One catalog: stable dotted keys to ICU MessageFormat text. The English one is the source. */
export type Catalog = Readonly<Record<string, string>>
export type MessageValues = Record<string, string | number | Date | null | undefined>
export type Translate = (key: string, values?: MessageValues) => string

/** The language every catalog is checked against, and the one the API speaks when none is asked for. */
export const SOURCE_LANGUAGE = 'en'

/** The catalog files of one language: the public site's (and every screen's shared words), the dashboard's, and the Worker's own (API refusals, server-written pages, feeds, CSV titles). */
export const NAMESPACES = ['site', 'admin', 'server'] as const
export type Namespace = (typeof NAMESPACES)[number]

/** The cookie a visitor's or user's language choice is kept in: the SPA writes it, the Worker reads it. */
export const LANGUAGE_COOKIE = 'courtside_lang'

/** A language code as catalogs are named: a BCP 47 primary tag, with an optional region (`pt-BR`). */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Z]{2})?$/

/**
 * A translator over one language's catalogs. A message is compiled once and kept; a key the
 * catalog lacks (CI refuses a catalog missing one of English's keys, test/unit/catalogs.test.ts)
 * falls back to the `fallback` catalog, and then shows the key itself rather than nothing.
 */
export function createTranslator(language: string, catalog: Catalog, fallback?: Catalog): Translate {
  const compiled = new Map<string, IntlMessageFormat>()
  return (key, values) => {
    let format = compiled.get(key)
    if (!format) {
      const source = catalog[key] ?? fallback?.[key]
      if (source === undefined) return key
      format = new IntlMessageFormat(source, language)
      compiled.set(key, format)
    }
    const result = format.format(values ? clean(values) : undefined)
    return Array.isArray(result) ? result.join('') : String(result)
  }
}

// ICU wants every argument it names; an absent value reads as an empty string, not a crash.
function clean(values: MessageValues): Record<string, string | number | Date> {
  const out: Record<string, string | number | Date> = {}
  for (const [name, value] of Object.entries(values)) out[name] = value ?? ''
  return out
}

/**
 * The language a request asks for among `available`: Accept-Language's ranges by weight, an exact
 * tag first, then its primary language (`es-MX` → `es`). Undefined when none matches, or when the
 * header names none: the caller's default stands (English for the API's wire contract).
 */
export function negotiateLanguage(header: string | null | undefined, available: readonly string[]): string | undefined {
  if (!header) return undefined
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((range) => range.tag !== '' && range.tag !== '*' && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  const byLower = new Map(available.map((code) => [code.toLowerCase(), code]))
  for (const { tag } of ranges) {
    const lower = tag.toLowerCase()
    const exact = byLower.get(lower)
    if (exact) return exact
    const primary = byLower.get(lower.split('-')[0] ?? '')
    if (primary) return primary
  }
  return undefined
}

/** A number as the language writes it (`1,234.5` / `1.234,5` / `1 234,5`). */
export function formatNumber(language: string, value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(language, options).format(value)
}

/** A fraction (0.455) as a percentage in the language: `45.5%` in English, `45,5 %` in French. */
export function formatPercent(language: string, fraction: number, fractionDigits = 1): string {
  return numberFormat(language, {
    style: 'percent',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(fraction)
}

const numberFormats = new Map<string, Intl.NumberFormat>()
function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options ?? {})}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(language, options)
    numberFormats.set(key, format)
  }
  return format
}

/** A language's own name for itself (`Español`, `Français`), for the language switch. */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code)
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code
  } catch {
    return code
  }
}

/**
 * A message written from a catalog key rather than read back from its English: its values are text,
 * numbers, a local calendar day or wall-clock time (formatted with Intl in the language, never
 * shifted by a zone), or another such message.
 */
export type Translation = { key: string; values?: Record<string, TranslationValue> }
export type TranslationValue =
  | string
  | number
  | { localDate: string }
  | { localTime: string }
  | Translation
  /** Several values as one: a list in the language (`A, B y C`, Intl.ListFormat), or whole sentences one after another. */
  | { list: TranslationValue[]; as?: 'and' | 'sentences' }

/** A Translation in `translate`'s language. */
export function writeTranslation(language: string, translation: Translation, translate: Translate): string {
  const values: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(translation.values ?? {})) values[name] = writeValue(language, value, translate)
  return translate(translation.key, values)
}

function writeValue(language: string, value: TranslationValue, translate: Translate): string | number {
  if (typeof value !== 'object') return value
  if ('localDate' in value) return formatLocalDate(language, value.localDate)
  if ('localTime' in value) return formatLocalTime(language, value.localTime)
  if ('list' in value) {
    const items = value.list.map((item) => String(writeValue(language, item, translate)))
    return value.as === 'sentences' ? items.join(' ') : new Intl.ListFormat(language, { type: 'conjunction' }).format(items)
  }
  return writeTranslation(language, value, translate)
}

/** A calendar day (yyyy-MM-dd) written in full in the language: `29 de marzo de 2026`. */
export function formatLocalDate(language: string, date: string): string {
  const day = new Date(`${date}T12:00:00Z`)
  if (Number.isNaN(day.getTime())) return date
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(day)
}

/** A wall-clock time (HH:mm) as the language writes it: `2:30 AM`, `2:30`, `02:30`. */
export function formatLocalTime(language: string, time: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time)
  if (!match) return time
  const at = new Date(Date.UTC(2000, 0, 1, Number(match[1]), Number(match[2])))
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone: 'UTC' }).format(at)
}

type Template = { key: string; pattern: RegExp; names: string[]; literal: number }

/**
 * The API's messages are English sentences written where they are thrown; the English `api` catalog
 * holds each as a template (`{what} not found`). This finds the template a message was made from and
 * the values it was given, so the message can be written again in another language — the wire
 * contract stays the English sentence. Only plain arguments are matched; the template with the most
 * literal text wins (the most specific).
 */
export function templateMatcher(english: Catalog): (message: string) => { key: string; values: Record<string, string> } | null {
  const templates: Template[] = []
  const quotedExact = new Map<string, string>()
  for (const [key, source] of Object.entries(english)) {
    // ICU quoting (`'{'`, `''`) marks literal braces: such a message without arguments is matched by
    // its written text. A lone apostrophe (`league's`) is plain text in ICU and matched as it stands.
    if (/'[{}'#|]/.test(source)) {
      if (!/[{}]/.test(source.replace(/'[^']*'/g, '')))
        quotedExact.set(String(new IntlMessageFormat(source, SOURCE_LANGUAGE).format()), key)
      continue
    }
    if (/\{[^{}]*,/.test(source)) continue // plural/select: not reversible
    const names: string[] = []
    let literal = 0
    const pattern = source
      .split(/(\{[A-Za-z_][A-Za-z0-9_]*\})/)
      .map((part) => {
        const arg = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(part)
        if (arg?.[1]) {
          names.push(arg[1])
          return '([\\s\\S]+?)'
        }
        literal += part.length
        return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      })
      .join('')
    templates.push({ key, pattern: new RegExp(`^${pattern}$`), names, literal })
  }
  templates.sort((a, b) => b.literal - a.literal)
  const exact = new Map<string, string>()
  // The same English under two keys (`Team`: a noun of the API, a CSV column): the first in the catalog reads it back.
  for (const t of templates)
    if (t.names.length === 0 && !exact.has(english[t.key] as string)) exact.set(english[t.key] as string, t.key)
  for (const [text, key] of quotedExact) if (!exact.has(text)) exact.set(text, key)
  return (message) => {
    const key = exact.get(message)
    if (key) return { key, values: {} }
    for (const t of templates) {
      if (t.names.length === 0) continue
      const m = t.pattern.exec(message)
      if (m) return { key: t.key, values: Object.fromEntries(t.names.map((name, i) => [name, m[i + 1] ?? ''])) }
    }
    return null
  }
}

/**
 * The templates an English message of the Worker is read back from: the `server` catalog's refusals
 * (`api.*`) and the phrases a server-written page names (`server.round.*`: `Semi-finals`). Other
 * server text (`{home} vs {away}`, `{page} · {site}`) is only written, never read back: as a
 * template it would match unrelated sentences. `api.time.onDay` is a piece of a structured message.
 */
export function readBackCatalog(server: Catalog): Catalog {
  return Object.fromEntries(
    Object.entries(server).filter(
      ([key]) => (key.startsWith('api.') || key.startsWith('server.round.')) && key !== 'api.time.onDay',
    ),
  )
}

/**
 * An English message of the API in `translate`'s language: its template's translation, with each
 * value that is itself a catalogued phrase (`Season` in `Season not found`) translated too. A message
 * no template matches stays English.
 */
export function localize(message: string, match: ReturnType<typeof templateMatcher>, translate: Translate, depth = 0): string {
  const found = match(message)
  if (!found) return message
  const values: Record<string, string> = {}
  for (const [name, value] of Object.entries(found.values)) {
    const inner = match(value)
    // A value that is a catalogued phrase, or (once) a whole catalogued message (`Row 3: {problem}`).
    values[name] = !inner
      ? value
      : Object.keys(inner.values).length === 0
        ? translate(inner.key)
        : depth < 1
          ? localize(value, match, translate, depth + 1)
          : value
  }
  return translate(found.key, values)
}

/** An organization's enabled languages as stored (comma-separated, the site's own first). */
export function enabledLanguages(stored: string | null | undefined): string[] {
  const codes = (stored ?? '')
    .split(',')
    .map((code) => code.trim())
    .filter((code) => LANGUAGE_CODE.test(code))
  return codes.length ? [...new Set(codes)] : [SOURCE_LANGUAGE]
}
