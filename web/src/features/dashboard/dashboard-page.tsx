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

function Panel(props: { title: string; count: number; done: string; more?: number; level?: 2 | 4; children: ReactNode }) {
  const headingId = `dash-${props.title.replace(/\W+/g, '-').toLowerCase()}`
  const Heading = props.level === 4 ? 'h4' : 'h2'
  return (
    <section className="dash-panel" aria-labelledby={headingId} data-count={props.count}>
      <Heading id={headingId} className="dash-panel-title">
        {props.title} <span className={`dash-count${props.count > 0 ? ' dash-count-due' : ''}`}>{props.count}</span>
      </Heading>
      {props.count === 0 ? <p className="dash-done">{props.done}</p> : <ul className="dash-list">{props.children}</ul>}
      {props.more && props.more > 0 ? <p className="muted">and {props.more} more</p> : null}
    </section>
  )
}

type SmallTeams = DashboardJson['smallTeams']
type UnscheduledLeague = DashboardJson['leaguesWithoutSchedule'][number] & { seasonId: number; season: string }

function SmallTeamItems({ teams, seasonName }: { teams: SmallTeams['teams']; seasonName?: (id: number) => string | null }) {
  return teams.map((team) => (
    <li key={`${team.seasonId}-${team.leagueId}-${team.teamId}`}>
      <Link to={`/dashboard/seasons/${team.seasonId}/leagues/${team.leagueId}/teams/${team.teamId}`} className="dash-link">
        <span className="dash-main">{team.name}</span>
        <span className="dash-meta">
          {seasonName?.(team.seasonId) ? `${seasonName(team.seasonId)} · ` : ''}
          {team.league} · {team.players} {team.players === 1 ? 'player' : 'players'}
        </span>
        <span className="dash-action">Add players</span>
      </Link>
    </li>
  ))
}

function LeagueItems({ leagues, showSeason }: { leagues: UnscheduledLeague[]; showSeason: boolean }) {
  return leagues.map((league) => (
    <li key={`${league.seasonId}-${league.leagueId}`}>
      <Link to={`/scheduleBuilder?season=${league.seasonId}&league=${league.leagueId}`} className="dash-link">
        <span className="dash-main">{league.name}</span>
        <span className="dash-meta">{showSeason ? `${league.season} · No games yet` : 'No games yet'}</span>
        <span className="dash-action">Build schedule</span>
      </Link>
    </li>
  ))
}

/** A season being prepared (docs/dashboard.md): when it starts, its first game, and what is missing. */
function UpcomingSeason({ season }: { season: DashboardJson['upcoming'][number] }) {
  const leagues = season.leaguesWithoutSchedule.map((league) => ({ ...league, seasonId: season.id, season: season.name }))
  return (
    <section className="dash-upcoming" aria-labelledby={`dash-upcoming-${season.id}`}>
      <h3 id={`dash-upcoming-${season.id}`} className="dash-upcoming-title">
        <Link to={`/dashboard/seasons/${season.id}`}>{season.name}</Link>
      </h3>
      <p className="muted">
        {season.startDate ? `Starts ${formatDay(season.startDate)}` : 'No start date yet'} ·{' '}
        {season.firstGame ? `first game ${formatDay(season.firstGame)}` : 'no game scheduled yet'}
      </p>
      <div className="dash-grid">
        <Panel
          title={`${season.name}: teams under 5 players`}
          level={4}
          count={season.smallTeams.count}
          done="Every team has at least 5 players."
          more={season.smallTeams.count - season.smallTeams.teams.length}
        >
          <SmallTeamItems teams={season.smallTeams.teams} />
        </Panel>
        <Panel
          title={`${season.name}: leagues without a schedule`}
          level={4}
          count={leagues.length}
          done="Every league of the season has games."
        >
          <LeagueItems leagues={leagues} showSeason={false} />
        </Panel>
      </div>
    </section>
  )
}

function Home({ data, superAdmin }: { data: DashboardJson; superAdmin: boolean }) {
  const season = data.season
  const games = data.gamesWithoutResult
  const others = data.currentSeasons.filter((current) => current.id !== season?.id)
  // With more than one season running, each row says which one it is of.
  const several = data.currentSeasons.length > 1
  const seasonName = (id: number) => (several ? (data.currentSeasons.find((s) => s.id === id)?.name ?? null) : null)
  const leagues = data.currentSeasons.flatMap((current) =>
    current.leaguesWithoutSchedule.map((league) => ({ ...league, seasonId: current.id, season: current.name })),
  )
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
      {others.length > 0 ? (
        <p className="muted">
          Also running now:{' '}
          {others.map((other, index) => (
            <span key={other.id}>
              {index > 0 ? ', ' : ''}
              <Link to={`/dashboard/seasons/${other.id}`}>{other.name}</Link>
            </span>
          ))}
        </p>
      ) : null}
      <div className="dash-grid">
        <Panel
          title="Games without a result"
          count={games.count}
          done="Every game of the last four weeks has its result."
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
                  {several ? ` · ${game.season}` : ''}
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
          <SmallTeamItems teams={data.smallTeams.teams} seasonName={seasonName} />
        </Panel>
        <Panel title="Leagues without a schedule" count={leagues.length} done="Every league of the season has games.">
          <LeagueItems leagues={leagues} showSeason={several} />
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
      {data.upcoming.length > 0 ? (
        <section className="dash-coming" aria-labelledby="dash-coming-up">
          <h2 id="dash-coming-up" className="section-title">
            Coming up
          </h2>
          {data.upcoming.map((upcoming) => (
            <UpcomingSeason key={upcoming.id} season={upcoming} />
          ))}
        </section>
      ) : null}
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
