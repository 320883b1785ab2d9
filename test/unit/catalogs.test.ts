// Every language ships complete (docs/decisions/2026-11-28-languages.md): each catalog file of each
// language has exactly the English one's keys, every message is valid ICU MessageFormat, and it
// uses the same arguments as its English source — a translation can reorder a sentence, never drop
// or invent a value. Adding a language is adding its folder; this test then holds it to the rule.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import { describe, expect, it } from 'vitest'
import { LANGUAGE_CODE, NAMESPACES, SOURCE_LANGUAGE } from '../../worker/domain/i18n'

const ROOT = 'i18n'
const languages = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const read = (language: string, namespace: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(ROOT, language, `${namespace}.json`), 'utf8'))

/** The argument names a message uses, plural/select branches included. */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`)
      argumentsOf(element.children, into)
      continue
    }
    into.add(element.value)
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into)
  }
  return into
}

describe('message catalogs', () => {
  it('ship English and at least Spanish and French, each named as a language code', () => {
    expect(languages).toEqual(expect.arrayContaining([SOURCE_LANGUAGE, 'es', 'fr']))
    for (const language of languages) expect(language).toMatch(LANGUAGE_CODE)
  })

  it('never give one key two meanings: the English namespaces share no key', () => {
    const seen = new Map<string, string>()
    for (const namespace of NAMESPACES)
      for (const key of Object.keys(read(SOURCE_LANGUAGE, namespace))) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${namespace}`).toBeUndefined()
        seen.set(key, namespace)
      }
  })

  for (const language of languages)
    for (const namespace of NAMESPACES)
      it(`${language}/${namespace}.json has every English key, no other, each a valid message with English's arguments`, () => {
        const english = read(SOURCE_LANGUAGE, namespace)
        const catalog = read(language, namespace)
        expect(
          Object.keys(catalog).filter((key) => !(key in english)),
          'keys English does not have',
        ).toEqual([])
        expect(
          Object.keys(english).filter((key) => !(key in catalog)),
          'keys missing',
        ).toEqual([])
        for (const [key, message] of Object.entries(catalog)) {
          expect(typeof message === 'string' && message.trim() !== '', `${key} is empty`).toBe(true)
          const source = argumentsOf(parse(english[key] as string))
          const translated = argumentsOf(parse(message as string))
          expect([...translated].sort(), `${language} ${key} arguments`).toEqual([...source].sort())
        }
      })
})
