import { Link } from 'react-router'
import { displayStatus } from '../../../../../worker/domain/games'
import { formatGameDate, formatGameDay, formatGameTime } from '../../../../../worker/domain/time'
import { StatusBadge } from '../../../components/status-badge'
import { gameResult, type ScheduleRow } from '../schedule-rows'

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
export function ScheduleTable({ rows, gameHref, caption = 'Schedule' }: ScheduleTableProps) {
  return (
    // A plain box, not TableScroll: on a phone the rows are cards and never scroll, and the public
    // schedule's first load stays within its budget (test/unit/bundle-budget.test.ts).
    <div className="table-scroll schedule-scroll">
      <table className="data-table schedule-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Matchup</th>
            <th scope="col">Time</th>
            <th scope="col">Results</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const date = row.kind === 'game' ? formatGameDay(row.game) : formatGameDate(row.dateKey)
            if (row.kind === 'game') {
              const { game } = row
              return (
                <tr key={row.key} className="schedule-game">
                  <td className="cell-nowrap sched-date">{date}</td>
                  <td className="sched-matchup">
                    <Link to={gameHref(game.id)} className="schedule-matchup">
                      {game.homeTeam.name} vs {game.awayTeam.name}
                    </Link>
                  </td>
                  <td className="cell-nowrap sched-time">{formatGameTime(game.time)}</td>
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
                  <td className="sched-matchup">{row.teams.map((team) => `${team.name} (BYE)`).join(', ')}</td>
                  <td className="sched-time">BYE</td>
                  <td className="sched-result">BYE</td>
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
                  <strong>No Games</strong> <span className="muted">— {row.reason}</span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
