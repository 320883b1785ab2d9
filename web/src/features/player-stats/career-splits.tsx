import { useId, useState } from 'react'
import { Link } from 'react-router'
import { formatStat, isPercentage } from '../../../../worker/domain/derived-stats'
import { formatAverage, StatCells, StatHeaderRow } from '../../components/player-stats/stat-rows'
import type { CareerAndSplits, SplitLine, StatDefinition } from '../../components/player-stats/types'
import { TableScroll } from '../../components/table-scroll'
import { decimal, formatDay } from '../../lib/format'
import { useLanguage, useT } from '../../lib/i18n'

/** Each split and its catalog key. */
const SPLITS = [
  ['location', 'splits.location'],
  ['result', 'splits.result'],
  ['month', 'splits.month'],
  ['opponent', 'splits.opponent'],
  ['season', 'splits.season'],
] as const

/** The server's split rows are named in English (worker/domain/career.ts); these are words, the others data. */
const SPLIT_WORDS: Record<string, Record<string, string>> = {
  location: { home: 'game.home', away: 'game.away' },
  result: { wins: 'standings.wins', losses: 'standings.losses', ties: 'splits.ties' },
}

const perGame = (stat: StatDefinition, line: SplitLine) =>
  decimal(formatAverage(stat.abbreviation, line.averages[stat.abbreviation]))

/** "Mar 4, 1994" for a league-local calendar date (in the page's language). */
const day = (date: string | null) => (date ? formatDay(date) : '')

/**
 * Career and splits on the stats page (docs/records.md): career totals and per-game averages
 * (total ÷ games played), career highs with their games, and one split table at a time.
 */
export function CareerSplits({
  data,
  stats,
  gameHref,
}: {
  data: CareerAndSplits
  stats: StatDefinition[]
  gameHref: (gameId: number) => string
}) {
  const t = useT()
  const language = useLanguage()
  const [split, setSplit] = useState<(typeof SPLITS)[number][0]>('location')
  const careerId = useId()
  const highsId = useId()
  const splitsId = useId()
  const { career, highs } = data
  if (career.gamesPlayed === 0) return <p className="state state-empty">{t('stats.noGames')}</p>
  const lines = data.splits[split]
  return (
    <>
      <section className="player-stats-section" aria-labelledby={careerId}>
        <h2 id={careerId} className="section-title">
          {t('career.title')}
        </h2>
        <TableScroll label={t('career.title')}>
          <table className="data-table stat-log">
            <thead>
              <StatHeaderRow first={t('career.title')} stats={stats} perGame={false} />
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('boxScore.totals')}</th>
                <StatCells
                  gamesPlayed={career.gamesPlayed}
                  stats={stats}
                  value={(stat) =>
                    isPercentage(stat.abbreviation)
                      ? decimal(formatStat(career.totals[stat.abbreviation] ?? 0, true))
                      : (career.totals[stat.abbreviation] ?? 0)
                  }
                />
              </tr>
              <tr>
                <th scope="row">{t('career.perGame')}</th>
                <StatCells gamesPlayed={career.gamesPlayed} stats={stats} value={(stat) => perGame(stat, career)} />
              </tr>
            </tbody>
          </table>
        </TableScroll>
      </section>

      {highs.length > 0 && (
        <section className="player-stats-section" aria-labelledby={highsId}>
          <h2 id={highsId} className="section-title">
            {t('career.highs')}
          </h2>
          <ul className="career-highs">
            {highs
              .filter((h) => stats.some((s) => s.abbreviation === h.abbreviation))
              .map((high) => {
                const [first, ...rest] = high.games
                if (!first) return null
                return (
                  <li key={high.abbreviation}>
                    <strong>{t('career.high', { value: high.value, stat: high.abbreviation })}</strong>{' '}
                    <Link to={gameHref(first.id)}>
                      {t('career.highGame', { day: day(first.date), opponent: first.opponent.name })}
                    </Link>
                    {rest.length > 0 && <span className="muted"> {t('career.moreGames', { count: rest.length })}</span>}
                  </li>
                )
              })}
          </ul>
        </section>
      )}

      <section className="player-stats-section" aria-labelledby={splitsId}>
        <h2 id={splitsId} className="section-title">
          {t('splits.title')}
        </h2>
        <label className="split-choice no-print">
          {t('splits.by')}{' '}
          <select value={split} onChange={(e) => setSplit(e.target.value as typeof split)}>
            {SPLITS.map(([key, label]) => (
              <option key={key} value={key}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
        {lines.length === 0 ? (
          <p className="state state-empty">{t('splits.none')}</p>
        ) : (
          <TableScroll label={t('splits.title')}>
            <table className="data-table stat-log splits-table">
              <caption className="visually-hidden">
                {t('splits.caption', { split: t(SPLITS.find(([k]) => k === split)?.[1] ?? 'splits.location') })}
              </caption>
              <thead>
                <StatHeaderRow first={t('splits.split')} stats={stats} perGame />
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.key}>
                    <th scope="row">{splitLabel(split, line, language, t)}</th>
                    <StatCells gamesPlayed={line.gamesPlayed} stats={stats} value={(stat) => perGame(stat, line)} />
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </>
  )
}

/** A split row's name in the page's language: a word of the catalog, a month by Intl, or the data's own name. */
function splitLabel(split: string, line: SplitLine, language: string, t: (key: string) => string): string {
  const word = SPLIT_WORDS[split]?.[line.key]
  if (word) return t(word)
  const month = Number(line.key)
  if (split === 'month' && language !== 'en' && month >= 1 && month <= 12)
    return new Intl.DateTimeFormat(language, { month: 'long', timeZone: 'UTC' })
      .format(Date.UTC(2000, month - 1, 15))
      .replace(/^\p{Ll}/u, (letter) => letter.toLocaleUpperCase(language))
  return line.label
}
