import { useId, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Flash, useFlash } from '../../components/flash'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { useT } from '../../lib/i18n'
import { useLeagueGames, useLeagues, useLeagueTeams, useSchedules, useSeasonByes, useSeasons, useWeekOffs } from './api'
import { CollapsibleSection } from './components/collapsible-section'
import { CourtsPanel } from './components/courts-panel'
import { CreateScheduleForm } from './components/create-schedule-form'
import { GameCountPanel } from './components/game-count-panel'
import { ScheduleCard } from './components/schedule-card'
import { TeamSlotsPanel } from './components/team-slots-panel'
import { WeekOffsPanel } from './components/week-offs-panel'
import { gameCountGroups } from './schedule-grid-rows'
import './schedule-builder.css'
import { NameOptions, SelectField } from '../../components/select-field'
import { useAdminTitle } from '../../lib/use-admin-title'

/**
 * docs/reference/league-admin.md Schedule Builder (docs/reference/schedule-builder.md): pick a season (the active one by default) and a league; create
 * schedules, keep week-offs and teams' unavailable slots, see game counts, and per schedule its
 * nights table (swap, lock), Edit, Generate Full Schedule, Delete and fairness table.
 */
export function ScheduleBuilderPage() {
  const t = useT()
  const id = useId()
  const flash = useFlash()
  const seasons = useSeasons()
  // ?season=&league= open the builder on that league (the dashboard's "needs a schedule" links).
  const [searchParams] = useSearchParams()
  const [seasonChoice, setSeasonChoice] = useState<number | null>(() => Number(searchParams.get('season')) || null)
  const [leagueChoice, setLeagueChoice] = useState<number | null>(() => Number(searchParams.get('league')) || null)

  useAdminTitle(t('admin.sb.title'))

  const seasonId = useMemo(() => {
    const list = seasons.data ?? []
    if (seasonChoice && list.some((season) => season.id === seasonChoice)) return seasonChoice
    return (list.find((season) => season.active) ?? list[0])?.id ?? null
  }, [seasons.data, seasonChoice])

  const leagues = useLeagues(seasonId)
  const leagueId = useMemo(() => {
    const list = leagues.data ?? []
    if (leagueChoice && list.some((league) => league.id === leagueChoice)) return leagueChoice
    return list[0]?.id ?? null
  }, [leagues.data, leagueChoice])

  const schedules = useSchedules(leagueId)
  const games = useLeagueGames(seasonId, leagueId)
  const byes = useSeasonByes(seasonId)
  const weekOffs = useWeekOffs(seasonId, leagueId)
  const teams = useLeagueTeams(leagueId)

  const seasonSchedules = useMemo(
    () => (schedules.data ?? []).filter((schedule) => schedule.season_id === seasonId),
    [schedules.data, seasonId],
  )
  const scheduleIds = useMemo(() => new Set(seasonSchedules.map((schedule) => schedule.id)), [seasonSchedules])
  // Decision: Game Count counts the games the league's schedules placed in this season.
  const countGroups = useMemo(
    () =>
      gameCountGroups(
        teams.data ?? [],
        (games.data ?? []).filter((game) => game.schedule_id !== null && scheduleIds.has(game.schedule_id)),
      ),
    [teams.data, games.data, scheduleIds],
  )
  const scheduleDates = useMemo(
    () => [...new Set(seasonSchedules.flatMap((schedule) => schedule.nights.map((night) => night.date)))].sort(),
    [seasonSchedules],
  )

  if (seasons.isPending) {
    return (
      <section className="admin-page">
        <h1 className="page-title">{t('admin.sb.title')}</h1>
        <Loading text={t('admin.seasons.loading')} />
      </section>
    )
  }
  if (seasons.isError) {
    return (
      <section className="admin-page">
        <h1 className="page-title">{t('admin.sb.title')}</h1>
        <ErrorState message={t('admin.seasons.loadError')} onRetry={() => seasons.refetch()} />
      </section>
    )
  }

  const league = leagues.data?.find((item) => item.id === leagueId) ?? null
  let leagueBody: React.ReactNode
  if (!seasonId) leagueBody = <EmptyState>{t('admin.sb.noSeasons')}</EmptyState>
  else if (leagues.isPending) leagueBody = <Loading text={t('admin.common.loadingLeagues')} />
  else if (leagues.isError) leagueBody = <ErrorState message={t('admin.leagues.loadError')} onRetry={() => leagues.refetch()} />
  else if (!leagueId) leagueBody = <EmptyState>{t('admin.sb.noLeagues')}</EmptyState>

  return (
    <section className="admin-page schedule-builder">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.sb.title')}</h1>
      </div>

      <fieldset className="builder-filters">
        <legend className="visually-hidden">{t('admin.sb.seasonAndLeague')}</legend>
        <SelectField
          id={`${id}-season`}
          label={t('admin.common.season')}
          value={seasonId ?? ''}
          onChange={(event) => {
            setSeasonChoice(Number(event.target.value) || null)
            setLeagueChoice(null)
          }}
        >
          <NameOptions items={seasons.data} markActive />
        </SelectField>
        <SelectField
          id={`${id}-league`}
          label={t('admin.common.league')}
          value={leagueId ?? ''}
          disabled={!leagues.data || leagues.data.length === 0}
          onChange={(event) => setLeagueChoice(Number(event.target.value) || null)}
        >
          <NameOptions items={leagues.data} />
        </SelectField>
      </fieldset>

      <Flash message={flash.message} />

      {leagueBody ?? null}

      {seasonId && leagues.data && leagues.data.length > 0 ? (
        <CollapsibleSection title={t('admin.sb.create')} defaultOpen>
          <CreateScheduleForm
            leagues={leagues.data}
            leagueId={leagueId}
            seasonId={seasonId}
            onCreated={(createdLeagueId, generated) => {
              setLeagueChoice(createdLeagueId)
              flash.show(generated ? t('admin.sb.createdGenerated', { generated }) : t('admin.sb.created'))
            }}
            onFailed={(message) => flash.show(message ?? t('admin.sb.createFailed'), 'error')}
          />
        </CollapsibleSection>
      ) : null}

      {seasonId && leagueId ? (
        <>
          <CollapsibleSection title={t('admin.sb.weekOffs')}>
            <WeekOffsPanel
              seasonId={seasonId}
              leagueId={leagueId}
              weekOffs={weekOffs.data}
              isLoading={weekOffs.isPending}
              isError={weekOffs.isError}
              onRetry={() => weekOffs.refetch()}
              scheduleDates={scheduleDates}
            />
          </CollapsibleSection>

          <CollapsibleSection title={t('admin.common.team')}>
            <TeamSlotsPanel
              teams={teams.data}
              isLoading={teams.isPending}
              isError={teams.isError}
              onRetry={() => teams.refetch()}
            />
          </CollapsibleSection>

          <CollapsibleSection title={t('admin.sb.gameCount')}>
            <GameCountPanel
              groups={countGroups}
              isLoading={teams.isPending || games.isPending}
              isError={teams.isError || games.isError}
              onRetry={() => {
                teams.refetch()
                games.refetch()
              }}
            />
          </CollapsibleSection>

          <CollapsibleSection title={t('admin.courts.section')}>
            <CourtsPanel teams={teams.data ?? []} schedules={seasonSchedules} />
          </CollapsibleSection>

          <section className="builder-schedules" aria-labelledby={`${id}-schedules`}>
            <h2 id={`${id}-schedules`} className="section-title">
              {league ? t('admin.sb.schedulesOf', { name: league.name }) : t('admin.sb.schedules')}
            </h2>
            {byes.isError ? <ErrorState message={t('admin.sb.byesError')} onRetry={() => byes.refetch()} /> : null}
            {schedules.isPending ? (
              <Loading text={t('admin.sb.loadingSchedules')} />
            ) : schedules.isError ? (
              <ErrorState message={t('admin.sb.schedulesError')} onRetry={() => schedules.refetch()} />
            ) : seasonSchedules.length === 0 ? (
              <EmptyState>{t('admin.sb.noSchedules')}</EmptyState>
            ) : (
              seasonSchedules.map((schedule) => (
                <ScheduleCard
                  key={schedule.id}
                  schedule={schedule}
                  games={games.data ?? []}
                  byes={byes.data ?? []}
                  weekOffs={weekOffs.data ?? []}
                  gamesLoading={games.isPending}
                  gamesError={games.isError}
                  onRetryGames={() => games.refetch()}
                  onDeleted={() => flash.show(t('admin.sb.deleted'))}
                />
              ))
            )}
          </section>
        </>
      ) : null}
    </section>
  )
}
