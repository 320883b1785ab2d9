import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { LEAGUE_TIME_ZONE } from '../../../../worker/domain/time'
import { CaptionedTable } from '../../components/captioned-table'
import { Flash, useFlash } from '../../components/flash'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { gameDay, gameTime } from '../../lib/format'
import { useLanguage, useT } from '../../lib/i18n'
import { useAdminTitle } from '../../lib/use-admin-title'
import { type QueuedGame, type ScoreReport, useScoreReportQueue, useSettle } from './api'
import './score-reports.css'

/**
 * The staff queue (docs/members.md "Score reports"): games whose captains' reports differ, or whose
 * other team is past the league's deadline — both reports side by side, the live-scored score when
 * there is one, and one click to settle: "Use <team>'s report", or "Enter the score" at the desk.
 */
export function ScoreReportsPage() {
  const t = useT()
  useAdminTitle(t('admin.scoreReports.title'))
  const queue = useScoreReportQueue()
  const settle = useSettle()
  const flash = useFlash()

  let list: ReactNode
  if (queue.isPending) list = <Loading text={t('admin.scoreReports.loading')} />
  else if (queue.isError) list = <ErrorState message={t('admin.scoreReports.loadFailed')} onRetry={() => queue.refetch()} />
  else if (queue.data.games.length === 0) list = <EmptyState>{t('admin.scoreReports.empty')}</EmptyState>
  else
    list = (
      <ul className="score-report-games">
        {queue.data.games.map((item) => (
          <QueuedCard
            key={item.game.id}
            item={item}
            busy={settle.isPending}
            onUse={(report) =>
              settle.mutate(
                { gameId: item.game.id, report },
                {
                  onSuccess: () =>
                    flash.show(t('admin.scoreReports.settled', { home: item.game.homeTeam.name, away: item.game.awayTeam.name })),
                  onError: (error) => flash.show(errorMessage(error, t('admin.scoreReports.settleFailed')), 'error'),
                },
              )
            }
          />
        ))}
      </ul>
    )

  return (
    <section className="admin-page">
      <h1 className="page-title">{t('admin.scoreReports.title')}</h1>
      <p className="score-report-intro">{t('admin.scoreReports.intro')}</p>
      <Flash message={flash.message} />
      {list}
    </section>
  )
}

function QueuedCard({ item, busy, onUse }: { item: QueuedGame; busy: boolean; onUse: (report: ScoreReport) => void }) {
  const t = useT()
  const { game } = item
  const headingId = `score-report-${game.id}`
  const sides = [game.homeTeam, game.awayTeam].map((team) => ({
    team,
    report: item.reports.find((r) => r.teamId === team.id) ?? null,
  }))
  return (
    <li className="card score-report-game" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('admin.scoreReports.gameTitle', { home: game.homeTeam.name, away: game.awayTeam.name })}
      </h2>
      <p className="score-report-meta">
        {[game.league, t('game.when', { day: gameDay(game), time: gameTime(game.time) })].filter(Boolean).join(' · ')}
      </p>
      <p className="score-report-reason">
        {item.reason === 'differ' ? t('admin.scoreReports.reason.differ') : t('admin.scoreReports.reason.overdue')}
      </p>
      {item.live ? (
        <p className="score-report-meta">
          {t('admin.scoreReports.live', {
            home: game.homeTeam.name,
            away: game.awayTeam.name,
            homeScore: item.live.home,
            awayScore: item.live.away,
            state: item.live.final ? 'final' : 'open',
          })}
        </p>
      ) : null}
      <div className="score-report-sides">
        {sides.map(({ team, report }) => (
          <ReportSide key={team.id} teamName={team.name} report={report} game={item.game} />
        ))}
      </div>
      <div className="score-report-actions">
        {sides.map(({ team, report }) =>
          report ? (
            <button key={team.id} type="button" className="button button-primary" disabled={busy} onClick={() => onUse(report)}>
              {t('admin.scoreReports.use', { team: team.name })}
            </button>
          ) : null,
        )}
        <Link className="button" to={`/games/${game.id}`}>
          {t('admin.scoreReports.enter')}
        </Link>
      </div>
    </li>
  )
}

function ReportSide({ teamName, report, game }: { teamName: string; report: ScoreReport | null; game: QueuedGame['game'] }) {
  const t = useT()
  const language = useLanguage()
  const zone = useAuth().user?.organization?.timeZone ?? LEAGUE_TIME_ZONE
  if (!report)
    return (
      <section className="score-report-side">
        <h3>{t('admin.scoreReports.reportOf', { team: teamName })}</h3>
        <p className="score-report-meta">{t('admin.scoreReports.noReport', { team: teamName })}</p>
      </section>
    )
  // In the organization's time zone, like every time on the dashboard (docs/decisions/2026-11-28-time-zones.md).
  const when = new Intl.DateTimeFormat(language, { timeZone: zone, dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(report.reportedAt),
  )
  return (
    <section className="score-report-side">
      <h3>{t('admin.scoreReports.reportOf', { team: teamName })}</h3>
      <p className="score-report-score">
        {t('admin.scoreReports.score', {
          home: game.homeTeam.name,
          away: game.awayTeam.name,
          homeScore: report.score_home,
          awayScore: report.score_away,
        })}
      </p>
      <p className="score-report-meta">{t('admin.scoreReports.reportedBy', { name: report.reportedBy, when })}</p>
      {report.lines.length === 0 ? (
        <p className="score-report-meta">{t('admin.scoreReports.noLines')}</p>
      ) : (
        <TableScroll label={t('admin.scoreReports.linesCaption', { team: teamName })}>
          <CaptionedTable
            className="data-table"
            caption={t('admin.scoreReports.linesCaption', { team: teamName })}
            headers={[t('admin.scoreReports.player'), t('admin.scoreReports.stat'), t('admin.scoreReports.value')]}
          >
            {report.lines.map((line) => (
              <tr key={`${line.player_id}-${line.stat_id}`}>
                <td>{line.name}</td>
                <td>{line.stat}</td>
                <td>{line.value}</td>
              </tr>
            ))}
          </CaptionedTable>
        </TableScroll>
      )}
    </section>
  )
}
