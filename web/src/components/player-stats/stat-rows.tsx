import type { ReactNode } from 'react'
import { formatStat, isPercentage } from '../../../../worker/domain/derived-stats'
import type { StatDefinition } from './types'

/** Averages to one decimal; percentages as one-decimal percents (docs/reference/league-admin.md §9). */
export const formatAverage = (abbreviation: string, value: number | undefined) =>
  formatStat(value ?? 0, isPercentage(abbreviation))

/**
 * The header row of the career and split tables: the rows' own column, GP, then
 * a column a stat, titled "… per game" when the rows are averages.
 */
export function StatHeaderRow({ first, stats, perGame }: { first: string; stats: StatDefinition[]; perGame: boolean }) {
  return (
    <tr>
      <th scope="col">{first}</th>
      <th scope="col" className="cell-number">
        <abbr title="Games played">GP</abbr>
      </th>
      {stats.map((stat) => (
        <th key={stat.id} scope="col" className="cell-number">
          <abbr title={perGame ? `${stat.name} per game` : stat.name}>{stat.abbreviation}</abbr>
        </th>
      ))}
    </tr>
  )
}

/** A stats row's cells after its name: the games played, then one number a stat. */
export function StatCells({
  gamesPlayed,
  stats,
  value,
}: {
  gamesPlayed: number
  stats: StatDefinition[]
  value: (stat: StatDefinition) => ReactNode
}) {
  return (
    <>
      <td className="cell-number">{gamesPlayed}</td>
      {stats.map((stat) => (
        <td key={stat.id} className="cell-number">
          {value(stat)}
        </td>
      ))}
    </>
  )
}
