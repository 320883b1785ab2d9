import { Link } from 'react-router'
import { formatStat, isPercentage } from '../../../../worker/domain/derived-stats'
import { formatGameDay } from '../../../../worker/domain/time'
import { TableScroll } from '../table-scroll'
import type { GameLogEntry, StatDefinition } from './types'

/**
 * A game-log cell. docs/reference/league-admin.md §9: percentages show one decimal elsewhere, but the public game log
 * shows ratios — three decimals, 0.456 — and counts as whole numbers.
 */
export function formatLogStat(abbreviation: string, value: number | undefined): string {
  if (isPercentage(abbreviation)) return formatStat(value ?? 0, false, 3)
  return String(Math.round(value ?? 0))
}

export interface GameLogTableProps {
  games: GameLogEntry[]
  stats: StatDefinition[]
  gameHref: (gameId: number) => string
  caption: string
  emptyText?: string
}

/** docs/reference/league-admin.md player pages: the per-game log (Game Date, Matchup, Result, one column per stat). */
export function GameLogTable({ games, stats, gameHref, caption, emptyText = 'No games played yet' }: GameLogTableProps) {
  if (games.length === 0) return <p className="state state-empty">{emptyText}</p>
  return (
    <TableScroll label={caption}>
      <table className="data-table stat-log">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Game Date</th>
            <th scope="col">Matchup</th>
            <th scope="col">Result</th>
            {stats.map((stat) => (
              <th key={stat.id} scope="col" className="cell-number">
                <abbr title={stat.name}>{stat.abbreviation}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {games.map((game) => (
            <tr key={game.game_id}>
              <td className="cell-nowrap">{formatGameDay(game)}</td>
              <td>
                <Link to={gameHref(game.game_id)}>{game.matchup}</Link>
              </td>
              <td className="cell-nowrap">{game.result ?? '—'}</td>
              {stats.map((stat) => (
                <td key={stat.id} className="cell-number" data-stat={stat.abbreviation}>
                  {formatLogStat(stat.abbreviation, game.stats[stat.abbreviation])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
