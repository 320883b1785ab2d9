import type { ReactNode } from 'react'
import { formatStat, isPercentage } from '../../../../worker/domain/derived-stats'
import { useT } from '../../lib/i18n'
import type { StatDefinition } from './types'

/** Averages to one decimal; percentages as one-decimal percents (docs/reference/league-admin.md §9). */
export const formatAverage = (abbreviation: string, value: number | undefined) =>
  formatStat(value ?? 0, isPercentage(abbreviation))

/**
 * The header row of the career and split tables: the rows' own column, GP, then
 * a column a stat, titled "… per game" when the rows are averages.
 */
export function StatHeaderRow({ first, stats, perGame }: { first: string; stats: StatDefinition[]; perGame: boolean }) {
  const t = useT()
  return (
    <tr>
      <th scope="col">{first}</th>
      <th scope="col" className="cell-number">
        <abbr title={t('stats.gamesPlayed')}>{t('stats.gamesPlayedShort')}</abbr>
      </th>
      {stats.map((stat) => (
        <th key={stat.id} scope="col" className="cell-number">
          <abbr title={perGame ? t('stats.perGame', { stat: stat.name }) : stat.name}>{stat.abbreviation}</abbr>
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
