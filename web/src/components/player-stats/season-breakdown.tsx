import { Fragment, useState } from 'react'
import { formatStat, isPercentage } from '../../../../worker/domain/derived-stats'
import { decimal } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { GameLogTable } from './game-log-table'
import type { SeasonStats, StatDefinition } from './types'

/** Averages to one decimal; percentages as one-decimal percents (docs/reference/league-admin.md §9). */
const formatAverage = (abbreviation: string, value: number | undefined) => formatStat(value ?? 0, isPercentage(abbreviation))

/**
 * docs/reference/league-admin.md Player stats page: Season, GP and the averages per season; a season's row expands to
 * its games.
 */
export function SeasonBreakdown({
  seasons,
  stats,
  gameHref,
}: {
  seasons: SeasonStats[]
  stats: StatDefinition[]
  gameHref: (gameId: number) => string
}) {
  const t = useT()
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set())
  if (seasons.length === 0) return <p className="state state-empty">{t('stats.noSeasons')}</p>

  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })

  return (
    <div className="table-scroll">
      <table className="data-table stat-log season-breakdown">
        <caption className="visually-hidden">{t('stats.seasonBreakdown')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.season')}</th>
            <th scope="col" className="cell-number">
              <abbr title={t('stats.gamesPlayed')}>{t('stats.gamesPlayedShort')}</abbr>
            </th>
            {stats.map((stat) => (
              <th key={stat.id} scope="col" className="cell-number">
                <abbr title={t('stats.perGame', { stat: stat.name })}>{stat.abbreviation}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {seasons.map((season) => {
            const key = String(season.season?.id ?? 'none')
            const name = season.season?.name ?? t('stats.noSeason')
            const expanded = open.has(key)
            const detailId = `season-games-${key}`
            return (
              <Fragment key={key}>
                <tr className={expanded ? 'row-expanded' : undefined}>
                  <th scope="row">
                    <button
                      type="button"
                      className="season-toggle"
                      aria-expanded={expanded}
                      aria-controls={detailId}
                      onClick={() => toggle(key)}
                    >
                      <span className="season-chevron" aria-hidden="true">
                        ▸
                      </span>
                      {name}
                    </button>
                  </th>
                  <td className="cell-number">{season.gamesPlayed}</td>
                  {stats.map((stat) => (
                    <td key={stat.id} className="cell-number">
                      {decimal(formatAverage(stat.abbreviation, season.averages[stat.abbreviation]))}
                    </td>
                  ))}
                </tr>
                {expanded ? (
                  <tr className="row-detail" id={detailId}>
                    <td colSpan={stats.length + 2}>
                      <GameLogTable
                        games={season.games}
                        stats={stats}
                        gameHref={gameHref}
                        caption={t('stats.seasonGames', { season: name })}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
