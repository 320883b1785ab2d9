// What the language journeys read off a page, and how they tell an English word from the page's
// language (docs/languages.md): one place for test/e2e/languages.test.ts,
// dashboard-languages.test.ts and dashboard-frame-languages.test.ts. Each journey keeps its own
// reading (a page, a screen, a frame) and its own rule for "English", chosen by the options below.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { type Catalog, templateMatcher } from '../../worker/domain/i18n'

/** One language's catalogs of the given namespaces, as one (their keys never collide: test/unit/catalogs.test.ts). */
export function readCatalogs(language: string, namespaces: readonly string[]): Catalog {
  return Object.assign(
    {},
    ...namespaces.map((namespace) => JSON.parse(readFileSync(path.resolve(`i18n/${language}/${namespace}.json`), 'utf8'))),
  )
}

/** How a journey reads a page's words. */
export interface Reading {
  /** `body`: the whole page; `screen`: the main region and any open dialog (the frame has its own test). */
  roots: 'body' | 'screen'
  /**
   * Which text counts: `any` (every text node read), `shown` (none of its element's ancestors is
   * display:none or visibility:hidden), `rendered` (its own element is shown and has boxes).
   */
  visible: 'any' | 'shown' | 'rendered'
  /** Text nodes inside an element matching this selector are not read (`script, style`, …). */
  skip: string
  /** Each text as written (`trim`), or with its runs of white space made one space (`collapse`). */
  spaces: 'trim' | 'collapse'
  /** The tab's title: read first, first with its part before ` · ` too, or last (when not empty). */
  title: 'first' | 'first-and-page' | 'last'
  /** Attributes read from the whole document rather than the roots. */
  attributesFromDocument?: boolean
  /** Also the whole text of each element whose text is split over several nodes (a sentence with a link). */
  wholeElements?: boolean
}

/** Every word a person meets under `reading`: texts, then aria-label, title, alt and placeholder values. */
export function pageWords(page: Page, reading: Reading): Promise<string[]> {
  return page.evaluate((r) => {
    const words: string[] = []
    if (r.title === 'first') words.push(document.title)
    if (r.title === 'first-and-page') words.push(document.title, document.title.split(' · ')[0] ?? '')
    const roots =
      r.roots === 'body' ? [document.body] : [...document.querySelectorAll('main, [role="dialog"], [role="alertdialog"]')]
    const shown = (element: Element | null) => {
      for (let e = element; e; e = e.parentElement) {
        const style = getComputedStyle(e)
        if (style.display === 'none' || style.visibility === 'hidden') return false
      }
      return true
    }
    const rendered = (element: Element | null) => {
      if (!element) return false
      const style = getComputedStyle(element)
      return style.visibility !== 'hidden' && style.display !== 'none' && element.getClientRects().length > 0
    }
    const visible = (element: Element) =>
      r.visible === 'shown' ? shown(element) : r.visible === 'rendered' ? rendered(element) : true
    const attributes = ['aria-label', 'title', 'alt', 'placeholder']
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement
        if (!parent || parent.closest(r.skip)) continue
        const text = r.spaces === 'collapse' ? node.textContent?.replace(/\s+/g, ' ').trim() : node.textContent?.trim()
        if (text && visible(parent)) words.push(text)
      }
      if (!r.attributesFromDocument)
        for (const element of root.querySelectorAll('[aria-label], [title], [alt], [placeholder]'))
          for (const name of attributes) {
            const value = element.getAttribute(name)?.trim()
            if (value) words.push(value)
          }
      if (r.wholeElements)
        for (const element of root.querySelectorAll('p, li, td, th, button, a, label, h1, h2, h3, h4, option')) {
          const text = (element as HTMLElement).innerText?.replace(/\s+/g, ' ').trim()
          if (text && visible(element)) words.push(text)
        }
    }
    if (r.attributesFromDocument)
      for (const element of document.querySelectorAll('[aria-label], [title], [alt], [placeholder]'))
        for (const name of attributes) {
          const value = element.getAttribute(name)?.trim()
          if (value) words.push(value)
        }
    if (r.title === 'last' && document.title.trim()) words.push(document.title.trim())
    return words
  }, reading)
}

/** How a journey recognises an English message that the page's language writes differently. */
export interface EnglishRule {
  /**
   * `whole`: a message without arguments, whole; `patterns`: those, and a message with plain
   * arguments (no plural, select or tag) with at least 8 letters of its own, as a pattern;
   * `templates`: any message with at least 2 letters of its own, read back as worker/domain/i18n.ts
   * templateMatcher reads the API's messages.
   */
  match: 'whole' | 'patterns' | 'templates'
  /** Not English when the page's language uses the same text for something else (French "Match"). */
  unlessTheLanguageSaysIt?: boolean
}

/** A test of one text: is it an English message of `english` that `translated` writes differently? */
export function englishMatcher(english: Catalog, translated: Catalog, rule: EnglishRule): (text: string) => boolean {
  const differs = Object.entries(english).filter(([key, message]) => translated[key] !== message)
  if (rule.match === 'templates') {
    // A template that is mostly arguments (`{day} · {time}`) would match any data: only words count.
    const match = templateMatcher(
      Object.fromEntries(
        differs.filter(([, message]) => message.replace(/\{[^{}]*\}/g, '').replace(/[\s\p{P}\p{S}]/gu, '').length >= 2),
      ),
    )
    return (text) => match(text) !== null
  }
  const exact = new Set<string>()
  const patterns: RegExp[] = []
  for (const [, message] of differs) {
    if (!message.includes('{')) {
      exact.add(message.trim())
      continue
    }
    if (rule.match !== 'patterns') continue
    if (/,\s*(plural|select|selectordinal)/.test(message) || /<\w+>/.test(message)) continue
    const literal = message.replace(/\{[^}]*\}/g, '')
    if (literal.replace(/[^A-Za-z]/g, '').length < 8) continue
    const source = message
      .split(/\{[^}]*\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?')
    patterns.push(new RegExp(`^${source}$`))
  }
  if (rule.unlessTheLanguageSaysIt) for (const text of Object.values(translated)) exact.delete(text.trim())
  return (text) => exact.has(text) || patterns.some((pattern) => pattern.test(text))
}

/** The distinct words that are English by `isEnglish`, the organization's own names (`data`) aside. */
export function englishIn(words: readonly string[], isEnglish: (text: string) => boolean, data: ReadonlySet<string>): string[] {
  return [...new Set(words)].filter((word) => !data.has(word) && isEnglish(word))
}
