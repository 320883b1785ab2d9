import type { ReactNode } from 'react'
import { useT } from '../../../lib/i18n'
import type { FairnessReport, ScheduleTeam } from '../api'
import { slotSpreads, uniqueTimes } from '../schedule-grid-rows'

/** docs/reference/schedule-builder.md target: a spread above 1 is worth a look. */
const TOO_WIDE = 1

function Spread({ value }: { value: number }) {
  const t = useT()
  const wide = value > TOO_WIDE
  return (
    <span className={wide ? 'spread-high' : undefined}>
      {value}
      {wide ? <span className="visually-hidden"> {t('admin.sb.above1')}</span> : null}
    </span>
  )
}

function Header({ label, best, title }: { label: string; best: number; title: string }) {
  return (
    <th scope="col" className="cell-center" title={title}>
      {label}
      <span className="best-possible">best {best}</span>
    </th>
  )
}

/**
 * The fairness table (docs/reference/schedule-builder.md): per team its games, byes, double-headers, home/away and games
 * per slot; under each header the best spread possible, and a Spread row with each measured spread.
 */
export function FairnessTable({
  scheduleName,
  report,
  teams,
}: {
  scheduleName: string
  report: FairnessReport
  teams: ScheduleTeam[]
}) {
  const t = useT()
  const names = new Map(teams.map((team) => [team.id, team.name ?? t('admin.playoffs.teamNumber', { id: team.id })]))
  const times = uniqueTimes(report.teams.flatMap((row) => Object.keys(row.perSlot)))
  const perSlot = slotSpreads(report, teams)
  const rows = [...report.teams].sort((a, b) => (names.get(a.teamId) ?? '').localeCompare(names.get(b.teamId) ?? ''))
  const best = report.bestPossible
  const violations = report.hardViolations
  let violationLine: ReactNode
  if (violations.length === 0) violationLine = <p className="fairness-ok">{t('admin.sb.noViolations')}</p>
  else
    violationLine = (
      <div className="fairness-violations" role="alert">
        <p>{t('admin.sb.violations', { count: violations.length })}</p>
        <ul>
          {violations.map((violation, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same message can repeat
            <li key={index}>{violation.message}</li>
          ))}
        </ul>
      </div>
    )

  return (
    <div className="fairness">
      <h3 className="fairness-title">{t('admin.sb.fairness')}</h3>
      <div className="table-scroll">
        <table className="data-table fairness-table">
          <caption className="visually-hidden">{`Fairness of ${scheduleName}`}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.common.team')}</th>
              <Header label={t('admin.sb.games')} best={best.games} title={t('admin.sb.gamesSpread')} />
              <Header label={t('admin.sb.byes')} best={best.byes} title={t('admin.sb.byeSpread')} />
              <Header label={t('admin.sb.dh')} best={best.doubleHeaders} title={t('admin.sb.dhHint')} />
              <Header label={t('admin.sb.home')} best={best.homeAwayImbalance} title={t('admin.sb.homeAwayHint')} />
              <Header label={t('admin.sb.away')} best={best.homeAwayImbalance} title={t('admin.sb.homeAwayHint')} />
              {times.map((time) => (
                <Header
                  key={time}
                  label={time}
                  best={best.slotByTime[time] ?? best.slot}
                  title={t('admin.sb.gamesAt', { time })}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.teamId}>
                <th scope="row" className="row-name">
                  {names.get(row.teamId) ?? t('admin.playoffs.teamNumber', { id: row.teamId })}
                </th>
                <td className="cell-center">{row.games}</td>
                <td className="cell-center">{row.byes}</td>
                <td className="cell-center">{row.doubleHeaders}</td>
                <td className="cell-center">{row.home}</td>
                <td className="cell-center">{row.away}</td>
                {times.map((time) => (
                  <td key={time} className="cell-center">
                    {row.perSlot[time] ?? 0}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="spread-row">
              <th scope="row">{t('admin.sb.spread')}</th>
              <td className="cell-center">
                <Spread value={report.spreads.games} />
              </td>
              <td className="cell-center">
                <Spread value={report.spreads.byes} />
              </td>
              <td className="cell-center">
                <Spread value={report.spreads.doubleHeaders} />
              </td>
              <td className="cell-center" colSpan={2}>
                <Spread value={report.spreads.homeAwayImbalance} />
              </td>
              {times.map((time) => (
                <td key={time} className="cell-center">
                  <Spread value={perSlot[time] ?? 0} />
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>
      <p className="fairness-summary muted">
        Teams with consecutive byes: {report.spreads.consecutiveByes} (best {best.consecutiveByes}) · Longest double-header wait:{' '}
        {report.spreads.doubleHeaderWait} slot(s) (best {best.doubleHeaderWait}) · Carry-over effect: {report.carryOver} (best{' '}
        {best.carryOver})
      </p>
      {violationLine}
    </div>
  )
}
