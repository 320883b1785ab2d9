// A link card's own words come in the organization's language (docs/languages.md): the layout draws
// the words it is given, English as always when it is given none, and the server catalog holds them
// in every language.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { type CardData, type CardWords, cardTree, ENGLISH_CARD_WORDS } from '../../worker/domain/cards/layout'
import { createTranslator } from '../../worker/domain/i18n'

/** Every text a card tree draws. */
function texts(node: unknown, into: string[] = []): string[] {
  if (typeof node === 'string') into.push(node)
  else if (Array.isArray(node)) for (const child of node) texts(child, into)
  else if (node && typeof node === 'object' && 'props' in node)
    texts((node as { props: { children?: unknown } }).props.children, into)
  return into
}

const catalog = (language: string) => JSON.parse(readFileSync(`i18n/${language}/server.json`, 'utf8'))

function wordsIn(language: string): CardWords {
  const t = createTranslator(language, catalog(language))
  return {
    final: t('server.card.final'),
    upcoming: t('server.card.upcoming'),
    standings: t('server.card.standings'),
    noGames: t('server.card.noGames'),
    recordBook: t('server.card.recordBook'),
    noRecords: t('server.card.noRecords'),
    boxScore: t('server.card.boxScore'),
    foot: {
      game: t('server.card.footGame'),
      player: t('server.card.footPlayer'),
      standings: t('server.card.standings'),
      records: t('server.card.recordBook'),
    },
  }
}

const upcoming: CardData = {
  kind: 'game',
  team1: 'Toros',
  team2: 'Osos',
  score1: 0,
  score2: 0,
  final: false,
  league: null,
  when: null,
  location: null,
}
const empty: CardData = { kind: 'standings', league: null, season: null, rows: [] }

describe('a link card’s words', () => {
  it('are English exactly as before when none are given, and the English catalog says the same', () => {
    expect(texts(cardTree(upcoming, { name: 'Liga', theme: 'light', logo: null }))).toEqual(
      expect.arrayContaining(['UPCOMING', 'GAME']),
    )
    expect(texts(cardTree(empty, { name: 'Liga', theme: 'light', logo: null }))).toEqual(
      expect.arrayContaining(['Standings', 'No games played yet']),
    )
    expect(wordsIn('en')).toEqual(ENGLISH_CARD_WORDS)
  })

  it('are Spanish and French on a Spanish or French organization’s cards, with no English word left', () => {
    for (const [language, expected] of [
      ['es', ['PRÓXIMO', 'PARTIDO', 'Clasificación', 'Aún no se ha jugado ningún partido']],
      ['fr', ['À VENIR', 'MATCH', 'Classement', 'Aucun match joué pour l’instant']],
    ] as const) {
      const words = wordsIn(language)
      const drawn = [
        ...texts(cardTree(upcoming, { name: 'Liga', theme: 'dark', logo: null, words })),
        ...texts(cardTree(empty, { name: 'Liga', theme: 'dark', logo: null, words })),
      ]
      expect(drawn).toEqual(expect.arrayContaining([...expected]))
      for (const english of ['UPCOMING', 'GAME', 'Standings', 'No games played yet']) expect(drawn).not.toContain(english)
    }
  })
})
