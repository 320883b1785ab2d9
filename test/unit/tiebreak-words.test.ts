// A standings tiebreak in the page's language (docs/languages.md): English is the server's sentence
// exactly; Spanish and French write the same facts from the site catalog, with no English left.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { tiebreakWords } from '../../web/src/features/standings/tiebreak-words'
import { createTranslator } from '../../worker/domain/i18n'
import { DEFAULT_TIEBREAKERS, placeTeams } from '../../worker/domain/tiebreak'

const t = (language: string) => createTranslator(language, JSON.parse(readFileSync(`i18n/${language}/site.json`, 'utf8')))
const game = (winner: number, loser: number, w: number, l: number) => ({
  team1Id: winner,
  team2Id: loser,
  score1: w,
  score2: l,
})

describe('a standings tiebreak in the page’s language', () => {
  const teams = [
    { id: 1, name: 'Toros' },
    { id: 2, name: 'Osos' },
  ]
  const placed = placeTeams(teams, [game(1, 2, 60, 50)] as never, { rules: DEFAULT_TIEBREAKERS })

  it('is the server’s English sentence in English, capitalised', () => {
    const row = placed.find((p) => p.tiebreak) as (typeof placed)[number]
    if (!row?.tiebreak) return
    expect(tiebreakWords(row, t('en'), 'en')).toBe(
      row.tiebreak.explanation.charAt(0).toUpperCase() + row.tiebreak.explanation.slice(1),
    )
  })

  it('writes head-to-head, losses and a level tie in Spanish and French', () => {
    const headToHead = {
      tiebreak: { rule: 'headToHead', explanation: 'ahead of Osos on head-to-head, 2–0' },
      tiebreakDetail: {
        kind: 'ahead' as const,
        team: 'Osos',
        rule: 'headToHead',
        mine: { wins: 2, losses: 0 },
        theirs: { wins: 0, losses: 2 },
      },
    }
    expect(tiebreakWords(headToHead, t('es'), 'es')).toBe('Por delante de Osos por enfrentamiento directo, 2–0')
    expect(tiebreakWords(headToHead, t('fr'), 'fr')).toBe('Devant Osos selon le critère «\u00a0confrontation directe\u00a0», 2–0')
    const losses = {
      tiebreak: { rule: 'fewerLosses', explanation: 'behind Toros on fewer losses, 3 losses to 1 losses' },
      tiebreakDetail: { kind: 'behind' as const, team: 'Toros', rule: 'fewerLosses', mine: { value: 3 }, theirs: { value: 1 } },
    }
    expect(tiebreakWords(losses, t('es'), 'es')).toBe('Por detrás de Toros por menos derrotas, 3 derrotas frente a 1 derrota')
    const level = {
      tiebreak: { rule: null, explanation: 'level with Osos on every tiebreaker' },
      tiebreakDetail: { kind: 'level' as const, teams: ['Osos'] },
    }
    expect(tiebreakWords(level, t('fr'), 'fr')).toBe('À égalité avec Osos sur tous les critères de départage')
  })
})
