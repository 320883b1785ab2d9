import { formatStat } from '../../../../worker/domain/derived-stats'
import type { StatsSummary } from './types'

/**
 * docs/reference/league-admin.md player pages: boxes for PPG (one decimal), FT% (one-decimal percent) and 3PM; eFG% and
 * TS% join them once there are attempts to work them out from.
 */
export function StatBoxes({ summary }: { summary: StatsSummary }) {
  const fga = summary.totals.FGA ?? 0
  const fta = summary.totals.FTA ?? 0
  const boxes: { label: string; title: string; value: string }[] = [
    { label: 'PPG', title: 'Points per game', value: formatStat(summary.ppg) },
    { label: 'FT%', title: 'Free throw percentage', value: `${formatStat(summary.ftPercentage, true)}%` },
    { label: '3PM', title: '3-point field goals made', value: String(Math.round(summary.total3PM)) },
  ]
  if (fga > 0)
    boxes.push({ label: 'eFG%', title: 'Effective field goal percentage', value: `${formatStat(summary.efgPercentage, true)}%` })
  if (fga > 0 || fta > 0)
    boxes.push({ label: 'TS%', title: 'True shooting percentage', value: `${formatStat(summary.tsPercentage, true)}%` })
  return (
    <dl className="stat-boxes">
      {boxes.map((box) => (
        <div key={box.label} className="stat-box">
          <dt>
            <abbr title={box.title}>{box.label}</abbr>
          </dt>
          <dd>{box.value}</dd>
        </div>
      ))}
    </dl>
  )
}
