// The SPA's words (docs/decisions/2026-11-28-languages.md): every user-facing string is a key of a
// catalog in i18n/<language>/<namespace>.json, fetched when its language is the page's —
// only that language's files load, never the others. `t` is the one way a screen writes text.

import { IntlMessageFormat } from 'intl-messageformat'
import { createElement, Fragment, type ReactNode, useSyncExternalStore } from 'react'
import {
  type Catalog,
  createTranslator,
  formatNumber,
  formatPercent,
  LANGUAGE_COOKIE,
  type MessageValues,
  type Namespace,
  SOURCE_LANGUAGE,
  type Translate,
} from '../../../worker/domain/i18n'

export type { MessageValues, Translate }

type State = { language: string; namespaces: ReadonlySet<Namespace>; t: Translate; messages: Record<string, string> }

const initialLanguage = typeof document === 'undefined' ? SOURCE_LANGUAGE : document.documentElement.lang || SOURCE_LANGUAGE
let state: State = { language: initialLanguage, namespaces: new Set(), t: (key) => key, messages: {} }
const loaded = new Map<string, Promise<Catalog>>()
const listeners = new Set<() => void>()

/** The site catalog an organization's page carries in its head (worker/routes/site-meta.ts siteBootstrap). */
function embeddedCatalog(language: string, namespace: Namespace): Catalog | null {
  if (namespace !== 'site' || typeof document === 'undefined') return null
  const meta = document.querySelector<HTMLMetaElement>('meta[name="courtside-words"]')
  if (!meta || meta.dataset.language !== language || !meta.content) return null
  try {
    return JSON.parse(meta.content) as Catalog
  } catch {
    return null
  }
}

/** One catalog, from the page's HTML when it carries it, else its file, fetched once. */
function fetchCatalog(language: string, namespace: Namespace): Promise<Catalog> {
  const key = `${language}/${namespace}`
  let entry = loaded.get(key)
  if (!entry) {
    const embedded = embeddedCatalog(language, namespace)
    if (embedded) {
      entry = Promise.resolve(embedded)
      loaded.set(key, entry)
      return entry
    }
    entry = fetch(`/i18n/${key}.json`, { credentials: 'same-origin' }).then(async (answer) => {
      if (answer.ok) return (await answer.json()) as Catalog
      if (language !== SOURCE_LANGUAGE) return fetchCatalog(SOURCE_LANGUAGE, namespace)
      throw new Error(`The ${namespace} words could not be loaded`)
    })
    entry.catch(() => loaded.delete(key))
    loaded.set(key, entry)
  }
  return entry
}

/**
 * Makes `language` the page's, with `namespaces`' words (and those already in use) loaded. Screens
 * re-render with the new words; `<html lang>` follows.
 */
export async function switchLanguage(language: string, namespaces: readonly Namespace[]): Promise<void> {
  const wanted = new Set<Namespace>(language === state.language ? [...state.namespaces, ...namespaces] : namespaces)
  const catalogs = await Promise.all([...wanted].map((namespace) => fetchCatalog(language, namespace)))
  const merged: Record<string, string> = Object.assign({}, ...catalogs)
  state = { language, namespaces: wanted, t: createTranslator(language, merged), messages: merged }
  if (typeof document !== 'undefined') document.documentElement.lang = language
  for (const listener of listeners) listener()
}

/** Loads one more namespace in the current language (the dashboard's words, on entering it). */
export function loadNamespace(namespace: Namespace): Promise<void> {
  if (state.namespaces.has(namespace)) return Promise.resolve()
  return switchLanguage(state.language, [namespace])
}

export const currentLanguage = () => state.language
export const hasNamespace = (namespace: Namespace) => state.namespaces.has(namespace)

/** Text in the page's language, outside a component (a toast, a confirm). Screens use `useT`. */
export const t: Translate = (key, values) => state.t(key, values)

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const snapshot = () => state

/** The page's translator; the component re-renders when the language or its words change. */
export function useT(): Translate {
  return useSyncExternalStore(subscribe, snapshot).t
}

/** The page's language (for Intl formatting and `lang` attributes). */
export function useLanguage(): string {
  return useSyncExternalStore(subscribe, snapshot).language
}

/** A number in the page's language. */
export const formatCount = (value: number, options?: Intl.NumberFormatOptions) => formatNumber(state.language, value, options)
/** A fraction (0.455) as the page's language writes a percentage (`45,5 %` in French). */
export const formatShare = (fraction: number, digits = 1) => formatPercent(state.language, fraction, digits)

/** Remembers a visitor's or user's language for the next page the Worker writes (a year). */
export function rememberLanguage(language: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie the Worker reads
  document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`
}

/** A tag's renderer in a rich message: `<link>Sign in</link>` → `{ link: (text) => <a …>{text}</a> }`. */
export type RichValues = Record<string, string | number | Date | ((chunks: ReactNode[]) => ReactNode)>

/**
 * A message with elements inside the sentence (a link, bold text), kept whole for the translator:
 * the catalog writes `Already have an account? <link>Sign in</link>`, the screen says what `<link>` is.
 */
export function useRichT(): (key: string, values: RichValues) => ReactNode {
  const { language, messages } = useSyncExternalStore(subscribe, snapshot)
  return (key, values) => {
    const source = messages[key]
    if (source === undefined) return key
    const parts = new IntlMessageFormat(source, language).format<ReactNode>(values as never)
    return Array.isArray(parts) ? createElement(Fragment, null, ...parts) : parts
  }
}
