import { formatStat } from '../../../../worker/domain/derived-stats'
import { decimal, percentFigure } from '../../lib/format'
import { useT } from '../../lib/i18n'
import type { StatsSummary } from './types'

/**
 * docs/reference/league-admin.md player pages: boxes for PPG (one decimal), FT% (one-decimal percent) and 3PM; eFG% and
 * TS% join them once there are attempts to work them out from.
 */
export function StatBoxes({ summary }: { summary: StatsSummary }) {
  const fga = summary.totals.FGA ?? 0
  const fta = summary.totals.FTA ?? 0
  const t = useT()
  const boxes: { key: string; label: string; title: string; value: string }[] = [
    { key: 'ppg', label: t('stats.ppg'), title: t('stats.ppgTitle'), value: decimal(formatStat(summary.ppg)) },
    {
      key: 'ft',
      label: t('stats.ftPercentage'),
      title: t('stats.ftPercentageTitle'),
      value: percentFigure(summary.ftPercentage),
    },
    { key: '3pm', label: t('stats.threesMade'), title: t('stats.threesMadeTitle'), value: String(Math.round(summary.total3PM)) },
  ]
  if (fga > 0)
    boxes.push({ key: 'efg', label: t('stats.efg'), title: t('stats.efgTitle'), value: percentFigure(summary.efgPercentage) })
  if (fga > 0 || fta > 0)
    boxes.push({ key: 'ts', label: t('stats.ts'), title: t('stats.tsTitle'), value: percentFigure(summary.tsPercentage) })
  return (
    <dl className="stat-boxes">
      {boxes.map((box) => (
        <div key={box.key} className="stat-box">
          <dt>
            <abbr title={box.title}>{box.label}</abbr>
          </dt>
          <dd>{box.value}</dd>
        </div>
      ))}
    </dl>
  )
}
