import { useContext } from 'react'
import { Link } from 'react-router'
import { formatStat, isPercentage } from '../../../../worker/domain/derived-stats'
import { SiteContext } from '../../app/site-context'
import { decimal, gameDay } from '../../lib/format'
import { useT } from '../../lib/i18n'
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

/**
 * The server writes a log line's matchup ("A vs B") and result ("W 72-65") in English
 * (worker/db/queries/player-stats.ts); the page words them in its language from their parts.
 */
function useLogWords() {
  const t = useT()
  return {
    matchup: (text: string) => {
      const teams = text.split(' vs ')
      return teams.length === 2 ? t('game.matchup', { home: teams[0], away: teams[1] }) : text
    },
    result: (text: string | null) => {
      const parts = text?.match(/^([WLT]) (\d+-\d+)$/)
      return parts ? t('stats.resultLine', { outcome: parts[1], score: parts[2] }) : (text ?? '—')
    },
  }
}

export interface GameLogTableProps {
  games: GameLogEntry[]
  stats: StatDefinition[]
  gameHref: (gameId: number) => string
  caption: string
  emptyText?: string
}

/** docs/reference/league-admin.md player pages: the per-game log (Game Date, Matchup, Result, one column per stat). */
export function GameLogTable({ games, stats, gameHref, caption, emptyText }: GameLogTableProps) {
  const t = useT()
  const words = useLogWords()
  const zone = useContext(SiteContext)?.organization.timeZone
  if (games.length === 0) return <p className="state state-empty">{emptyText ?? t('stats.noGames')}</p>
  return (
    <TableScroll label={caption}>
      <table className="data-table stat-log">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.gameDate')}</th>
            <th scope="col">{t('stats.matchup')}</th>
            <th scope="col">{t('stats.result')}</th>
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
              <td className="cell-nowrap">{gameDay(game, zone)}</td>
              <td>
                <Link to={gameHref(game.game_id)}>{words.matchup(game.matchup)}</Link>
              </td>
              <td className="cell-nowrap">{words.result(game.result)}</td>
              {stats.map((stat) => (
                <td key={stat.id} className="cell-number" data-stat={stat.abbreviation}>
                  {decimal(formatLogStat(stat.abbreviation, game.stats[stat.abbreviation]))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}
