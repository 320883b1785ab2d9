import { useId } from 'react'
import { Link } from 'react-router'
import { ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { decimal } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { useTeamHistory } from '../../lib/records-api'
import { sitePath, type Tenant } from '../../lib/tenant'

/**
 * A team's history on its page (docs/records.md): its seasons with record and finish in the
 * league, all-time head-to-head, and its all-time leaders.
 */
export function TeamHistory({ tenant, teamId }: { tenant: Tenant; teamId: number }) {
  const t = useT()
  const history = useTeamHistory(tenant, teamId)
  const seasonsId = useId()
  const h2hId = useId()
  const leadersId = useId()
  if (history.isPending) return <Loading text={t('teamHistory.loading')} />
  if (history.isError) return <ErrorState message={t('teamHistory.loadError')} onRetry={() => history.refetch()} />
  const data = history.data
  if (data.seasons.length === 0) return null
  const player = (p: { id: number; firstName: string; lastName: string }) => (
    <Link to={sitePath(tenant, `player/${p.id}/stats`)}>{`${p.firstName} ${p.lastName}`.trim()}</Link>
  )
  return (
    <div className="team-history">
      <section aria-labelledby={seasonsId} className="record-section">
        <h2 id={seasonsId} className="section-title">
          {t('teamHistory.title')}{' '}
          <span className="muted">{t('teamHistory.allTime', { wins: data.allTime.wins, losses: data.allTime.losses })}</span>
        </h2>
        <TableScroll label={t('teamHistory.seasons')}>
          <table className="data-table record-table">
            <thead>
              <tr>
                <th scope="col">{t('stats.season')}</th>
                <th scope="col">{t('standings.league')}</th>
                <th scope="col" className="num">
                  {t('standings.winsShort')}
                </th>
                <th scope="col" className="num">
                  {t('standings.lossesShort')}
                </th>
                <th scope="col" className="num">
                  {t('standings.winningPercentageShort')}
                </th>
                <th scope="col">{t('teamHistory.finish')}</th>
              </tr>
            </thead>
            <tbody>
              {data.seasons.map((s) => (
                <tr key={`${s.season.id}-${s.league.id}`}>
                  <th scope="row">{s.season.name}</th>
                  <td>
                    {s.division
                      ? t('teamHistory.leagueDivision', { league: s.league.name, division: s.division })
                      : s.league.name}
                  </td>
                  <td className="num">{s.wins}</td>
                  <td className="num">{s.losses}</td>
                  <td className="num">{decimal(s.winPercentage.toFixed(3).replace(/^0/, ''))}</td>
                  <td>{s.finish ? t('teamHistory.finishOf', { finish: s.finish, teams: s.teams }) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      {data.headToHead.length > 0 && (
        <section aria-labelledby={h2hId} className="record-section">
          <h2 id={h2hId} className="section-title">
            {t('teamHistory.headToHead')}
          </h2>
          <TableScroll label={t('teamHistory.headToHead')}>
            <table className="data-table record-table">
              <thead>
                <tr>
                  <th scope="col">{t('teamHistory.opponent')}</th>
                  <th scope="col" className="num">
                    {t('standings.winsShort')}
                  </th>
                  <th scope="col" className="num">
                    {t('standings.lossesShort')}
                  </th>
                  <th scope="col" className="num">
                    {t('teamHistory.pointsFor')}
                  </th>
                  <th scope="col" className="num">
                    {t('teamHistory.pointsAgainst')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.headToHead.map((o) => (
                  <tr key={o.id}>
                    <th scope="row">
                      <Link to={sitePath(tenant, `teams/${o.id}`)}>{o.name}</Link>
                    </th>
                    <td className="num">{o.wins}</td>
                    <td className="num">{o.losses}</td>
                    <td className="num">{o.pointsFor}</td>
                    <td className="num">{o.pointsAgainst}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      )}
      {data.leaders.length > 0 && (
        <section aria-labelledby={leadersId} className="record-section">
          <h2 id={leadersId} className="section-title">
            {t('teamHistory.leaders')}
          </h2>
          <div className="team-leaders">
            {data.leaders.map((l) => (
              <div key={l.stat.id}>
                <h3 className="team-leaders-stat">{l.stat.name}</h3>
                <ol className="team-leaders-list">
                  {l.players.map((p) => (
                    <li key={p.player.id}>
                      {player(p.player)} <strong>{p.total}</strong>
                    </li>
                  ))}
                </ol>
              </div>
            ))}
          </div>
        </section>
      )}
    </div>
  )
}
