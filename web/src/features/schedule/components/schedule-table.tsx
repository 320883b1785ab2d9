import { Link } from 'react-router'
import { displayStatus, gamePlace } from '../../../../../worker/domain/games'
import { useSite } from '../../../app/site-context'
import { StatusBadge } from '../../../components/status-badge'
import { gameDate, gameDay, gameTime } from '../../../lib/format'
import { useT } from '../../../lib/i18n'
import { DEFAULT_WEEK_OFF_REASON, gameResult, type ScheduleRow } from '../schedule-rows'

export interface ScheduleTableProps {
  rows: ScheduleRow[]
  gameHref: (gameId: number) => string
  caption?: string
}

/**
 * docs/reference/league-admin.md Schedule screen table: Date, Matchup (home vs away), Time, Results, plus the display
 * status (docs/reference/public-site.md §4). Game rows open the game page; bye rows list the teams with (BYE); week-off
 * rows read No Games with the reason.
 */
export function ScheduleTable({ rows, gameHref, caption }: ScheduleTableProps) {
  const t = useT()
  const zone = useSite().organization.timeZone
  return (
    // A plain box, not TableScroll: on a phone the rows are cards and never scroll, and the public
    // schedule's first load stays within its budget (test/unit/bundle-budget.test.ts).
    <div className="table-scroll schedule-scroll">
      <table className="data-table schedule-table">
        <caption className="visually-hidden">{caption ?? t('schedule.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('schedule.date')}</th>
            <th scope="col">{t('schedule.matchup')}</th>
            <th scope="col">{t('schedule.time')}</th>
            <th scope="col">{t('schedule.results')}</th>
            <th scope="col">{t('schedule.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const date = row.kind === 'game' ? gameDay(row.game, zone) : gameDate(row.dateKey, zone)
            if (row.kind === 'game') {
              const { game } = row
              const place = gamePlace(game)
              return (
                <tr key={row.key} className="schedule-game">
                  <td className="cell-nowrap sched-date">{date}</td>
                  <td className="sched-matchup">
                    <Link to={gameHref(game.id)} className="schedule-matchup">
                      {t('game.matchup', { home: game.homeTeam.name, away: game.awayTeam.name })}
                    </Link>
                    {/* Where (docs/venues.md), drawn from data-place by CSS: the cell's text stays the matchup alone, as
                        readers of the table (and its tests) take it; assistive technology reads generated content. */}
                    {place ? <span className="sched-where" data-place={place} /> : null}
                  </td>
                  <td className="cell-nowrap sched-time">{gameTime(game.time)}</td>
                  <td className="cell-nowrap schedule-result sched-result">{gameResult(game)}</td>
                  <td className="sched-status">
                    <StatusBadge status={displayStatus(game)} />
                  </td>
                </tr>
              )
            }
            if (row.kind === 'bye') {
              return (
                <tr key={row.key} className="schedule-bye">
                  <td className="cell-nowrap sched-date">{date}</td>
                  <td className="sched-matchup">
                    {row.teams.map((team) => t('schedule.byeTeam', { team: team.name })).join(', ')}
                  </td>
                  <td className="sched-time">{t('schedule.bye')}</td>
                  <td className="sched-result">{t('schedule.bye')}</td>
                  <td className="sched-status">
                    <StatusBadge status={displayStatus({ bye: true })} />
                  </td>
                </tr>
              )
            }
            return (
              <tr key={row.key} className="schedule-week-off">
                <td className="cell-nowrap sched-date">{date}</td>
                <td colSpan={4} className="sched-matchup">
                  <strong>{t('schedule.noGames')}</strong>{' '}
                  <span className="muted">
                    {t('schedule.weekOffReason', {
                      reason: row.reason === DEFAULT_WEEK_OFF_REASON ? t('schedule.offWeek') : row.reason,
                    })}
                  </span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
