import { useId, useState } from 'react'
import { Link } from 'react-router'
import { formatStat, isPercentage } from '../../../../worker/domain/derived-stats'
import { formatAverage, StatCells, StatHeaderRow } from '../../components/player-stats/stat-rows'
import type { CareerAndSplits, SplitLine, StatDefinition } from '../../components/player-stats/types'
import { TableScroll } from '../../components/table-scroll'

const SPLITS = [
  ['location', 'Home / Away'],
  ['result', 'Wins / Losses'],
  ['month', 'By month'],
  ['opponent', 'By opponent'],
  ['season', 'By season'],
] as const

const perGame = (stat: StatDefinition, line: SplitLine) => formatAverage(stat.abbreviation, line.averages[stat.abbreviation])

/** "Mar 4, 1994" for a league-local calendar date. */
const day = (date: string | null) =>
  date
    ? new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        month: 'short',
        day: 'numeric',
        year: 'numeric',
      })
    : ''

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
  const [split, setSplit] = useState<(typeof SPLITS)[number][0]>('location')
  const careerId = useId()
  const highsId = useId()
  const splitsId = useId()
  const { career, highs } = data
  if (career.gamesPlayed === 0) return <p className="state state-empty">No games played yet</p>
  const lines = data.splits[split]
  return (
    <>
      <section className="player-stats-section" aria-labelledby={careerId}>
        <h2 id={careerId} className="section-title">
          Career
        </h2>
        <TableScroll label="Career">
          <table className="data-table stat-log">
            <thead>
              <StatHeaderRow first="Career" stats={stats} perGame={false} />
            </thead>
            <tbody>
              <tr>
                <th scope="row">Totals</th>
                <StatCells
                  gamesPlayed={career.gamesPlayed}
                  stats={stats}
                  value={(stat) =>
                    isPercentage(stat.abbreviation)
                      ? formatStat(career.totals[stat.abbreviation] ?? 0, true)
                      : (career.totals[stat.abbreviation] ?? 0)
                  }
                />
              </tr>
              <tr>
                <th scope="row">Per game</th>
                <StatCells gamesPlayed={career.gamesPlayed} stats={stats} value={(stat) => perGame(stat, career)} />
              </tr>
            </tbody>
          </table>
        </TableScroll>
      </section>

      {highs.length > 0 && (
        <section className="player-stats-section" aria-labelledby={highsId}>
          <h2 id={highsId} className="section-title">
            Career highs
          </h2>
          <ul className="career-highs">
            {highs
              .filter((h) => stats.some((s) => s.abbreviation === h.abbreviation))
              .map((high) => {
                const [first, ...rest] = high.games
                if (!first) return null
                return (
                  <li key={high.abbreviation}>
                    <strong>
                      {high.value} {high.abbreviation}
                    </strong>{' '}
                    <Link to={gameHref(first.id)}>
                      {day(first.date)} vs {first.opponent.name}
                    </Link>
                    {rest.length > 0 && (
                      <span className="muted">
                        {' '}
                        (and {rest.length} more {rest.length === 1 ? 'game' : 'games'})
                      </span>
                    )}
                  </li>
                )
              })}
          </ul>
        </section>
      )}

      <section className="player-stats-section" aria-labelledby={splitsId}>
        <h2 id={splitsId} className="section-title">
          Splits
        </h2>
        <label className="split-choice no-print">
          Split by{' '}
          <select value={split} onChange={(e) => setSplit(e.target.value as typeof split)}>
            {SPLITS.map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
        </label>
        {lines.length === 0 ? (
          <p className="state state-empty">No games to split yet</p>
        ) : (
          <TableScroll label="Splits">
            <table className="data-table stat-log splits-table">
              <caption className="visually-hidden">Per-game averages {SPLITS.find(([k]) => k === split)?.[1]}</caption>
              <thead>
                <StatHeaderRow first="Split" stats={stats} perGame />
              </thead>
              <tbody>
                {lines.map((line) => (
                  <tr key={line.key}>
                    <th scope="row">{line.label}</th>
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
