import { useId } from 'react'
import { Link } from 'react-router'
import { ErrorState, Loading } from '../../components/status'
import { TableScroll } from '../../components/table-scroll'
import { useTeamHistory } from '../../lib/records-api'
import { sitePath, type Tenant } from '../../lib/tenant'

const ordinal = (n: number) => {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${tail}`
}

/**
 * A team's history on its page (docs/records.md): its seasons with record and finish in the
 * league, all-time head-to-head, and its all-time leaders.
 */
export function TeamHistory({ tenant, teamId }: { tenant: Tenant; teamId: number }) {
  const history = useTeamHistory(tenant, teamId)
  const seasonsId = useId()
  const h2hId = useId()
  const leadersId = useId()
  if (history.isPending) return <Loading text="Loading the team's history..." />
  if (history.isError) return <ErrorState message="The team's history could not be loaded." onRetry={() => history.refetch()} />
  const data = history.data
  if (data.seasons.length === 0) return null
  const player = (p: { id: number; firstName: string; lastName: string }) => (
    <Link to={sitePath(tenant, `player/${p.id}/stats`)}>{`${p.firstName} ${p.lastName}`.trim()}</Link>
  )
  return (
    <div className="team-history">
      <section aria-labelledby={seasonsId} className="record-section">
        <h2 id={seasonsId} className="section-title">
          History{' '}
          <span className="muted">
            ({data.allTime.wins}–{data.allTime.losses} all time)
          </span>
        </h2>
        <TableScroll label="Seasons">
          <table className="data-table record-table">
            <thead>
              <tr>
                <th scope="col">Season</th>
                <th scope="col">League</th>
                <th scope="col" className="num">
                  W
                </th>
                <th scope="col" className="num">
                  L
                </th>
                <th scope="col" className="num">
                  Pct
                </th>
                <th scope="col">Finish</th>
              </tr>
            </thead>
            <tbody>
              {data.seasons.map((s) => (
                <tr key={`${s.season.id}-${s.league.id}`}>
                  <th scope="row">{s.season.name}</th>
                  <td>
                    {s.league.name}
                    {s.division ? ` · ${s.division}` : ''}
                  </td>
                  <td className="num">{s.wins}</td>
                  <td className="num">{s.losses}</td>
                  <td className="num">{s.winPercentage.toFixed(3).replace(/^0/, '')}</td>
                  <td>{s.finish ? `${ordinal(s.finish)} of ${s.teams}` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </section>
      {data.headToHead.length > 0 && (
        <section aria-labelledby={h2hId} className="record-section">
          <h2 id={h2hId} className="section-title">
            Head-to-head
          </h2>
          <TableScroll label="Head-to-head">
            <table className="data-table record-table">
              <thead>
                <tr>
                  <th scope="col">Opponent</th>
                  <th scope="col" className="num">
                    W
                  </th>
                  <th scope="col" className="num">
                    L
                  </th>
                  <th scope="col" className="num">
                    Points for
                  </th>
                  <th scope="col" className="num">
                    Points against
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
            All-time leaders
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
