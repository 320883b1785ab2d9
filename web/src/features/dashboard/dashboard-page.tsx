import { type ReactNode, useEffect } from 'react'
import { Link } from 'react-router'
import { ErrorState, Loading } from '../../components/status'
import { gameTime, shortDay } from '../../lib/admin-format'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { type DashboardJson, useDashboard } from '../../lib/dashboard-api'
import { useLanguage, useRichT, useT } from '../../lib/i18n'
import './dashboard.css'

function Panel(props: {
  id: string
  title: string
  count: number
  done: string
  more?: number
  level?: 2 | 4
  children: ReactNode
}) {
  const t = useT()
  const headingId = `dash-${props.id.replace(/\W+/g, '-').toLowerCase()}`
  const Heading = props.level === 4 ? 'h4' : 'h2'
  return (
    <section className="dash-panel" aria-labelledby={headingId} data-count={props.count}>
      <Heading id={headingId} className="dash-panel-title">
        {props.title} <span className={`dash-count${props.count > 0 ? ' dash-count-due' : ''}`}>{props.count}</span>
      </Heading>
      {props.count === 0 ? <p className="dash-done">{props.done}</p> : <ul className="dash-list">{props.children}</ul>}
      {props.more && props.more > 0 ? <p className="muted">{t('admin.dashboard.andMore', { count: props.more })}</p> : null}
    </section>
  )
}

type SmallTeams = DashboardJson['smallTeams']
type UnscheduledLeague = DashboardJson['leaguesWithoutSchedule'][number] & { seasonId: number; season: string }

function SmallTeamItems({ teams, seasonName }: { teams: SmallTeams['teams']; seasonName?: (id: number) => string | null }) {
  const t = useT()
  return teams.map((team) => (
    <li key={`${team.seasonId}-${team.leagueId}-${team.teamId}`}>
      <Link to={`/dashboard/seasons/${team.seasonId}/leagues/${team.leagueId}/teams/${team.teamId}`} className="dash-link">
        <span className="dash-main">{team.name}</span>
        <span className="dash-meta">
          {seasonName?.(team.seasonId) ? `${seasonName(team.seasonId)} · ` : ''}
          {team.league} · {t('admin.dashboard.players', { count: team.players })}
        </span>
        <span className="dash-action">{t('admin.dashboard.addPlayers')}</span>
      </Link>
    </li>
  ))
}

function LeagueItems({ leagues, showSeason }: { leagues: UnscheduledLeague[]; showSeason: boolean }) {
  const t = useT()
  return leagues.map((league) => (
    <li key={`${league.seasonId}-${league.leagueId}`}>
      <Link to={`/scheduleBuilder?season=${league.seasonId}&league=${league.leagueId}`} className="dash-link">
        <span className="dash-main">{league.name}</span>
        <span className="dash-meta">
          {showSeason
            ? t('admin.dashboard.metaWithSeason', { season: league.season, detail: t('admin.dashboard.noGamesYet') })
            : t('admin.dashboard.noGamesYet')}
        </span>
        <span className="dash-action">{t('admin.dashboard.buildSchedule')}</span>
      </Link>
    </li>
  ))
}

/** A season being prepared (docs/dashboard.md): when it starts, its first game, and what is missing. */
function UpcomingSeason({ season }: { season: DashboardJson['upcoming'][number] }) {
  const t = useT()
  useLanguage()
  const leagues = season.leaguesWithoutSchedule.map((league) => ({ ...league, seasonId: season.id, season: season.name }))
  return (
    <section className="dash-upcoming" aria-labelledby={`dash-upcoming-${season.id}`}>
      <h3 id={`dash-upcoming-${season.id}`} className="dash-upcoming-title">
        <Link to={`/dashboard/seasons/${season.id}`}>{season.name}</Link>
      </h3>
      <p className="muted">
        {season.startDate ? t('admin.dashboard.starts', { day: shortDay(season.startDate) }) : t('admin.dashboard.noStartDate')} ·{' '}
        {season.firstGame
          ? t('admin.dashboard.firstGame', { day: shortDay(season.firstGame) })
          : t('admin.dashboard.noGameScheduled')}
      </p>
      <div className="dash-grid">
        <Panel
          id={`${season.name}: teams under 5 players`}
          title={t('admin.dashboard.seasonSmallTeams', { season: season.name })}
          level={4}
          count={season.smallTeams.count}
          done={t('admin.dashboard.everyTeamFive')}
          more={season.smallTeams.count - season.smallTeams.teams.length}
        >
          <SmallTeamItems teams={season.smallTeams.teams} />
        </Panel>
        <Panel
          id={`${season.name}: leagues without a schedule`}
          title={t('admin.dashboard.seasonNoSchedule', { season: season.name })}
          level={4}
          count={leagues.length}
          done={t('admin.dashboard.everyLeagueGames')}
        >
          <LeagueItems leagues={leagues} showSeason={false} />
        </Panel>
      </div>
    </section>
  )
}

function Home({ data, superAdmin }: { data: DashboardJson; superAdmin: boolean }) {
  const t = useT()
  const richT = useRichT()
  useLanguage()
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
        {season
          ? richT('admin.dashboard.activeSeason', {
              season: season.name,
              today: shortDay(data.today),
              link: (chunks) => (
                <Link key="season" to={`/dashboard/seasons/${season.id}`}>
                  {chunks}
                </Link>
              ),
            })
          : richT('admin.dashboard.noActiveSeason', {
              link: (chunks) => (
                <Link key="seasons" to="/dashboard/seasons">
                  {chunks}
                </Link>
              ),
            })}
      </p>
      {others.length > 0 ? (
        <p className="muted">
          {t('admin.dashboard.alsoRunning')}{' '}
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
          id="Games without a result"
          title={t('admin.dashboard.gamesWithoutResult')}
          count={games.count}
          done={t('admin.dashboard.everyGameResult')}
          more={games.count - games.games.length}
        >
          {games.games.map((game) => (
            <li key={game.id}>
              <Link to={`/games/${game.id}`} className="dash-link">
                <span className="dash-main">{t('admin.dashboard.matchup', { home: game.home, away: game.away })}</span>
                <span className="dash-meta">
                  {game.tonight ? (
                    <strong className="dash-tag">{t('admin.dashboard.tonight')}</strong>
                  ) : (
                    <span className="dash-tag dash-tag-late">{t('admin.dashboard.overdue')}</span>
                  )}{' '}
                  {shortDay(game.date)} · {gameTime(game.time)}
                  {game.league ? ` · ${game.league}` : ''}
                  {several ? ` · ${game.season}` : ''}
                </span>
                <span className="dash-action">{t('admin.dashboard.enterResult')}</span>
              </Link>
            </li>
          ))}
        </Panel>
        <Panel
          id="Teams under 5 players"
          title={t('admin.dashboard.smallTeams')}
          count={data.smallTeams.count}
          done={t('admin.dashboard.everyTeamFive')}
          more={data.smallTeams.count - data.smallTeams.teams.length}
        >
          <SmallTeamItems teams={data.smallTeams.teams} seasonName={seasonName} />
        </Panel>
        <Panel
          id="Leagues without a schedule"
          title={t('admin.dashboard.noSchedule')}
          count={leagues.length}
          done={t('admin.dashboard.everyLeagueGames')}
        >
          <LeagueItems leagues={leagues} showSeason={several} />
        </Panel>
        <Panel
          id="Custom domains not live yet"
          title={t('admin.dashboard.pendingDomains')}
          count={data.pendingDomains.length}
          done={t('admin.dashboard.noDomainWaiting')}
        >
          {data.pendingDomains.map((domain) => (
            <li key={domain.organizationId}>
              <Link to={superAdmin ? '/organizations' : '/dashboard/site'} className="dash-link">
                <span className="dash-main">{domain.domain}</span>
                <span className="dash-meta">
                  {superAdmin ? `${domain.organization} · ` : ''}
                  {domain.status === 'failed' ? t('admin.dashboard.domainFailed') : t('admin.dashboard.domainWaiting')}
                </span>
                <span className="dash-action">
                  {superAdmin ? t('admin.dashboard.openOrganizations') : t('admin.dashboard.seeDns')}
                </span>
              </Link>
            </li>
          ))}
        </Panel>
      </div>
      {data.upcoming.length > 0 ? (
        <section className="dash-coming" aria-labelledby="dash-coming-up">
          <h2 id="dash-coming-up" className="section-title">
            {t('admin.dashboard.comingUp')}
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
  const t = useT()
  const { user } = useAuth()
  const dashboard = useDashboard()
  const documentTitle = t('admin.dashboard.documentTitle')
  useEffect(() => {
    document.title = documentTitle
  }, [documentTitle])
  return (
    <section className="admin-page dashboard-home">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.dashboard.title')}</h1>
        <Link to="/dashboard/seasons" className="button">
          {t('admin.dashboard.seasons')}
        </Link>
      </div>
      {dashboard.isPending ? (
        <Loading />
      ) : dashboard.isError ? (
        <ErrorState message={errorMessage(dashboard.error, t('admin.dashboard.loadError'))} onRetry={() => dashboard.refetch()} />
      ) : (
        <Home data={dashboard.data} superAdmin={user?.role === 'super_admin'} />
      )}
    </section>
  )
}
