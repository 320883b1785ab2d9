import { Link, useParams } from 'react-router'
import { Breadcrumbs } from '../../components/admin-table'
import { ErrorState, Loading } from '../../components/status'
import { errorMessage, isNotFound } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { useTeamOverview } from './api'
import { GamesTable } from './games-table'
import './teams.css'
import { useAdminTitle } from '../../lib/use-admin-title'

/**
 * /dashboard/singleTeamToggle/{id} and the signed-in /teams/{id}: the team's current place (the
 * active season's, else its latest), roster and games, from GET /api/teamsv2/{id}.
 */
export function SingleTeamPage() {
  const t = useT()
  const teamId = Number(useParams().teamId)
  const team = useTeamOverview(teamId)

  useAdminTitle(team.data?.name ?? t('admin.common.team'))

  if (team.isPending) {
    return (
      <section className="admin-page">
        <Loading text={t('admin.team.loading')} />
      </section>
    )
  }
  if (team.isError) {
    return (
      <section className="admin-page">
        <h1 className="page-title">{t('admin.common.team')}</h1>
        <ErrorState
          message={isNotFound(team.error) ? t('admin.team.notFound') : errorMessage(team.error, t('admin.team.fetchFailed'))}
          onRetry={isNotFound(team.error) ? undefined : () => team.refetch()}
        />
      </section>
    )
  }

  const { data } = team
  const place = data.season && data.league ? `/dashboard/seasons/${data.season.id}/leagues/${data.league.id}` : null
  return (
    <section className="admin-page">
      <Breadcrumbs>
        <Link to="/teamList">{t('admin.teams.title')}</Link>
      </Breadcrumbs>
      <div className="page-heading">
        <div className="team-heading">
          {data.logo ? <img src={data.logo} alt={t('admin.common.logoOf', { name: data.name })} className="team-logo" /> : null}
          <div>
            <h1 className="page-title">{data.name}</h1>
            <p className="muted team-summary">
              {data.league && place ? <Link to={place}>{data.league.name}</Link> : t('admin.singleTeam.noLeague')}
              {data.season ? (
                <>
                  {' · '}
                  <Link to={`/dashboard/seasons/${data.season.id}`}>{data.season.name}</Link>
                  {data.season.active ? <span className="badge">{t('admin.common.active')}</span> : null}
                </>
              ) : null}
              {data.division ? ` · ${data.division.name}` : ''}
              {data.captain ? t('admin.team.captainSuffix', { name: data.captain }) : ''}
            </p>
          </div>
        </div>
        {place ? (
          <Link className="button" to={`${place}/teams/${data.id}`}>
            {t('admin.singleTeam.manageRoster')}
          </Link>
        ) : null}
      </div>

      <div className="team-columns">
        <section className="panel" aria-labelledby="roster-title">
          <h2 className="section-title" id="roster-title">
            {t('admin.singleTeam.rosterHeading')}
          </h2>
          {data.players.length === 0 ? (
            <p className="state state-empty">{t('admin.common.noPlayers')}</p>
          ) : (
            <ul className="roster-list">
              {data.players.map((player) => (
                <li key={player.id}>
                  {player.image ? (
                    <img src={player.image} alt="" className="player-photo-small" />
                  ) : (
                    <span className="player-photo-small placeholder" aria-hidden="true" />
                  )}
                  <Link to={`/dashboard/players/${player.id}`}>
                    {player.firstName} {player.lastName}
                  </Link>
                  {data.captain_id === player.id ? <span className="badge">{t('admin.common.captain')}</span> : null}
                </li>
              ))}
            </ul>
          )}
          {data.places.length > 1 ? (
            <>
              <h3 className="subsection-title">{t('admin.seasons.title')}</h3>
              <ul className="places-list">
                {data.places.map((p) => (
                  <li key={`${p.season.id}-${p.league.id}`}>
                    <Link to={`/dashboard/seasons/${p.season.id}/leagues/${p.league.id}/teams/${data.id}`}>
                      {p.season.name} · {p.league.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section className="team-games" aria-labelledby="schedule-title">
          <h2 className="section-title" id="schedule-title">
            {t('admin.singleTeam.scheduleHeading')}
          </h2>
          <GamesTable games={data.games} />
        </section>
      </div>
    </section>
  )
}
