// No English refusal ships untranslated (docs/decisions/2026-11-28-server-language.md): every message
// the Worker's source can answer — ApiError, notFound, forbidden, the request contract's zod messages,
// the CSV import's and the password and image rules' problems — is matched by a template of the
// English `server` catalog, so the API can write it again in Spanish or French; each noun a message
// names on its own (`Season` in `Season not found`) is a catalogued phrase too.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  createTranslator,
  formatLocalDate,
  localize,
  readBackCatalog,
  templateMatcher,
  writeTranslation,
} from '../../worker/domain/i18n'
import { skippedTimeMessage, skippedTimeTranslation } from '../../worker/domain/time'
import { workerMessages } from '../helpers/worker-messages'

const catalog = (language: string) => JSON.parse(readFileSync(`i18n/${language}/server.json`, 'utf8'))
const english = catalog('en')
const match = templateMatcher(readBackCatalog(english))
/** A message as the Worker writes it: each argument a value of its own. */
const sample = (template: string) => {
  let n = 0
  return template.replace(/\{[A-Za-z_][A-Za-z0-9_]*\}/g, () => `Value${++n}`)
}

describe('the Worker’s messages', () => {
  const messages = workerMessages()

  it('are found in its source (the scan still sees the throw sites)', () => {
    expect(messages.length).toBeGreaterThan(200)
    expect(messages.map((m) => m.template)).toEqual(
      expect.arrayContaining(['{what} not found', 'Season', 'Please sign in', 'A game needs two different teams']),
    )
  })

  it('each match a template of the English server catalog', () => {
    // `{field}: {problem}` (zod's own message after the field's name) reads any "a: b" back: it does not count for a sentence of ours.
    const translated = (template: string) => {
      const found = match(sample(template))
      return found !== null && (found.key !== 'api.fieldProblem' || /^\{\w+\}: \{\w+\}$/.test(template))
    }
    const unmatched = messages
      .filter((m) => !(m.noun && m.template.includes('{')) && !translated(m.template))
      .map((m) => `${m.at}: ${m.template}`)
    expect(unmatched).toEqual([])
  })

  it('name nouns the catalog holds on their own, so `{what}` is translated too', () => {
    const missing = messages.filter((m) => m.noun && !/\{/.test(m.template) && !match(m.template)?.key.startsWith('api.noun.'))
    expect(missing.map((m) => `${m.at}: ${m.template}`)).toEqual([])
  })

  it('read back to the same English they were written in', () => {
    const translate = createTranslator('en', english)
    for (const m of messages) {
      const text = sample(m.template)
      expect(localize(text, match, translate), m.at).toBe(text)
    }
  })

  it('are written again in Spanish and French, nouns and nested row problems included', () => {
    const es = createTranslator('es', catalog('es'))
    const fr = createTranslator('fr', catalog('fr'))
    expect(localize('Season not found', match, es)).toBe('Temporada: no encontrado')
    expect(localize('Team name is required', match, es)).toBe('El nombre del equipo es obligatorio')
    expect(localize('Row 4: Give both scores or neither', match, fr)).toBe('Ligne 4\u00a0: Indiquez les deux scores ou aucun')
    expect(localize('Expected a list of { id, order }', match, es)).toBe('Se esperaba una lista de { id, order }')
    expect(localize("Choose the time slots of round 2: the league's schedule has none", match, es)).toBe(
      'Elige las franjas horarias de la ronda 2: el calendario de la liga no tiene ninguna',
    )
  })

  it('write the skipped-hour refusal from its values with Intl in the language, the English unchanged', () => {
    const next = { date: '2026-03-29', time: '03:00' }
    expect(skippedTimeMessage('2026-03-29', '02:30', 'Europe/Madrid', next)).toBe(
      '2:30 AM does not exist on March 29, 2026 in Europe/Madrid: the clocks go forward. The next valid time is 3:00 AM.',
    )
    const translation = skippedTimeTranslation('2026-03-29', '02:30', 'Europe/Madrid', next)
    expect(writeTranslation('es', translation, createTranslator('es', catalog('es')))).toBe(
      'La hora 2:30 no existe el 29 de marzo de 2026 en Europe/Madrid: los relojes se adelantan. La siguiente hora válida es 3:00.',
    )
    expect(writeTranslation('fr', translation, createTranslator('fr', catalog('fr')))).toBe(
      '02:30 n’existe pas le 29 mars 2026 (fuseau Europe/Madrid)\u00a0: on avance l’heure. La prochaine heure valide est 03:00.',
    )
    const nextDay = skippedTimeTranslation('2026-03-29', '02:30', 'Europe/Madrid', { date: '2026-03-30', time: '00:00' })
    expect(writeTranslation('es', nextDay, createTranslator('es', catalog('es')))).toContain('es 0:00 del 30 de marzo de 2026.')
    expect(formatLocalDate('fr', '2026-10-25')).toBe('25 octobre 2026')
  })
})
