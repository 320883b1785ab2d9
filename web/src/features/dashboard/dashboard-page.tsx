import { type ReactNode, useEffect } from 'react'
import { Link } from 'react-router'
import { ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { type DashboardJson, useDashboard } from '../../lib/dashboard-api'
import { formatDay } from '../../lib/format'
import './dashboard.css'

const clock = (time: string | null) => {
  if (!time) return 'TBD'
  const [h = 0, m = 0] = time.split(':').map(Number)
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
}

function Panel(props: { title: string; count: number; done: string; more?: number; children: ReactNode }) {
  const headingId = `dash-${props.title.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section className="dash-panel" aria-labelledby={headingId} data-count={props.count}>
      <h2 id={headingId} className="dash-panel-title">
        {props.title} <span className={`dash-count${props.count > 0 ? ' dash-count-due' : ''}`}>{props.count}</span>
      </h2>
      {props.count === 0 ? <p className="dash-done">{props.done}</p> : <ul className="dash-list">{props.children}</ul>}
      {props.more && props.more > 0 ? <p className="muted">and {props.more} more</p> : null}
    </section>
  )
}

function Home({ data, superAdmin }: { data: DashboardJson; superAdmin: boolean }) {
  const season = data.season
  const games = data.gamesWithoutResult
  return (
    <>
      <p className="muted">
        {season ? (
          <>
            Active season: <Link to={`/dashboard/seasons/${season.id}`}>{season.name}</Link> · today is {formatDay(data.today)}
          </>
        ) : (
          <>
            No season is active yet. <Link to="/dashboard/seasons">Add or activate a season</Link> to run your league from here.
          </>
        )}
      </p>
      <div className="dash-grid">
        <Panel
          title="Games without a result"
          count={games.count}
          done="Every game played so far has its result."
          more={games.count - games.games.length}
        >
          {games.games.map((game) => (
            <li key={game.id}>
              <Link to={`/games/${game.id}`} className="dash-link">
                <span className="dash-main">
                  {game.home} vs {game.away}
                </span>
                <span className="dash-meta">
                  {game.tonight ? (
                    <strong className="dash-tag">Tonight</strong>
                  ) : (
                    <span className="dash-tag dash-tag-late">Overdue</span>
                  )}{' '}
                  {formatDay(game.date)} · {clock(game.time)}
                  {game.league ? ` · ${game.league}` : ''}
                </span>
                <span className="dash-action">Enter result</span>
              </Link>
            </li>
          ))}
        </Panel>
        <Panel
          title="Teams under 5 players"
          count={data.smallTeams.count}
          done="Every team has at least 5 players."
          more={data.smallTeams.count - data.smallTeams.teams.length}
        >
          {season
            ? data.smallTeams.teams.map((team) => (
                <li key={`${team.leagueId}-${team.teamId}`}>
                  <Link
                    to={`/dashboard/seasons/${season.id}/leagues/${team.leagueId}/teams/${team.teamId}`}
                    className="dash-link"
                  >
                    <span className="dash-main">{team.name}</span>
                    <span className="dash-meta">
                      {team.league} · {team.players} {team.players === 1 ? 'player' : 'players'}
                    </span>
                    <span className="dash-action">Add players</span>
                  </Link>
                </li>
              ))
            : null}
        </Panel>
        <Panel
          title="Leagues without a schedule"
          count={data.leaguesWithoutSchedule.length}
          done="Every league of the season has games."
        >
          {season
            ? data.leaguesWithoutSchedule.map((league) => (
                <li key={league.leagueId}>
                  <Link to={`/scheduleBuilder?season=${season.id}&league=${league.leagueId}`} className="dash-link">
                    <span className="dash-main">{league.name}</span>
                    <span className="dash-meta">No games yet</span>
                    <span className="dash-action">Build schedule</span>
                  </Link>
                </li>
              ))
            : null}
        </Panel>
        <Panel title="Custom domains not live yet" count={data.pendingDomains.length} done="No custom domain is waiting.">
          {data.pendingDomains.map((domain) => (
            <li key={domain.organizationId}>
              <Link to={superAdmin ? '/organizations' : '/dashboard/site'} className="dash-link">
                <span className="dash-main">{domain.domain}</span>
                <span className="dash-meta">
                  {superAdmin ? `${domain.organization} · ` : ''}
                  {domain.status === 'failed' ? 'Failed: needs attention' : 'Waiting for DNS and certificate'}
                </span>
                <span className="dash-action">{superAdmin ? 'Open organizations' : 'See the DNS records'}</span>
              </Link>
            </li>
          ))}
        </Panel>
      </div>
    </>
  )
}

/** The dashboard home (docs/dashboard.md): each item needing attention links to where it is fixed. */
export function DashboardPage() {
  const { user } = useAuth()
  const dashboard = useDashboard()
  useEffect(() => {
    document.title = 'Dashboard · Courtside'
  }, [])
  return (
    <section className="admin-page dashboard-home">
      <div className="page-heading">
        <h1 className="page-title">Dashboard</h1>
        <Link to="/dashboard/seasons" className="button">
          Seasons
        </Link>
      </div>
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <ErrorState
          message={errorMessage(dashboard.error, 'The dashboard could not be loaded.')}
          onRetry={() => dashboard.refetch()}
        />
      ) : (
        <Home data={dashboard.data} superAdmin={user?.role === 'super_admin'} />
      )}
    </section>
  )
}
