import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Breadcrumbs, bulkDelete, DeleteSelectedButton } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Flash, useFlash } from '../../components/flash'
import { useSelection } from '../../components/selection'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { shortDay } from '../../lib/admin-format'
import { errorMessage, isNotFound } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { failureOf } from '../../lib/query-status'
import {
  type Division,
  type NewLeagueInput,
  type SeasonLeague,
  type StandingRow,
  useAddLeague,
  useAssignToDivision,
  useCreateDivision,
  useDeleteDivision,
  useDeleteLeagues,
  useDivisions,
  useRemoveFromDivision,
  useReorderDivisions,
  useReorderLeagues,
  useSeason,
  useSeasonLeagues,
} from '../../lib/seasons-api'
import { AddLeagueModal } from './add-league-modal'
import { DivisionsBoard } from './divisions-board'
import { LeagueTable } from './league-table'
import './seasons.css'
import { useAdminTitle } from '../../lib/use-admin-title'
import { useDialog } from '../../lib/use-dialog'

type Dialog = { kind: 'add-league' } | { kind: 'delete-leagues' } | { kind: 'delete-division'; division: Division }

/**
 * docs/reference/league-admin.md Season detail (/dashboard/seasons/{id} and /season/{id}): the season's leagues
 * (reorderable), the Current Standings of teams not in a division, and the Divisions panel.
 */
export function SeasonDetailPage() {
  const t = useT()
  const seasonId = Number(useParams().seasonId)
  const season = useSeason(seasonId)
  const leagues = useSeasonLeagues(seasonId)
  const divisions = useDivisions(seasonId)
  const flash = useFlash()
  const leagueIds = useMemo(() => leagues.data?.map((league) => league.id) ?? [], [leagues.data])
  const selection = useSelection(leagueIds)

  const addLeague = useAddLeague(seasonId)
  const [addRound, setAddRound] = useState(0)
  const deleteLeagues = useDeleteLeagues(seasonId)
  const reorderLeagues = useReorderLeagues(seasonId)
  const createDivision = useCreateDivision(seasonId)
  const deleteDivision = useDeleteDivision(seasonId)
  const reorderDivisions = useReorderDivisions(seasonId)
  const assign = useAssignToDivision(seasonId)
  const unassign = useRemoveFromDivision(seasonId)

  useAdminTitle(season.data?.name ?? t('admin.season.fallbackTitle'))

  const { dialog, open, close } = useDialog<Dialog>(addLeague, deleteLeagues, deleteDivision)
  const failed = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  if (season.isError) {
    return (
      <section className="admin-page">
        <h1 className="page-title">{t('admin.season.fallbackTitle')}</h1>
        <ErrorState
          message={isNotFound(season.error) ? t('admin.season.notFound') : t('admin.season.loadError')}
          onRetry={isNotFound(season.error) ? undefined : () => season.refetch()}
        />
      </section>
    )
  }

  const submitLeague = (input: NewLeagueInput, label: string, another: boolean) =>
    addLeague.mutate(input, {
      onSuccess: (league) => {
        // "Add and Add Another": the form comes back empty for the next league.
        if (another) setAddRound((round) => round + 1)
        else close()
        flash.show(t('admin.common.createdNamed', { name: league?.name ?? label }))
      },
    })

  const leagueDeletion = bulkDelete(
    selection,
    deleteLeagues,
    flash,
    { dialog, open, close },
    {
      none: t('admin.season.selectLeague'),
      done: t('admin.season.leaguesDeleted'),
      failure: t('admin.season.leaguesDeleteFailed'),
      kind: 'delete-leagues',
    },
  )

  const confirmDeleteDivision = () => {
    if (dialog?.kind !== 'delete-division') return
    deleteDivision.mutate(dialog.division.id, {
      onSuccess: () => {
        close()
        flash.show(t('admin.common.deletedNamed', { name: dialog.division.name }))
      },
    })
  }

  const reorder = (ordered: SeasonLeague[]) => reorderLeagues.mutate(ordered, { onError: failed(t('admin.season.orderFailed')) })

  return (
    <section className="admin-page season-detail">
      <Breadcrumbs>
        <Link to="/dashboard/seasons">{t('admin.seasons.title')}</Link>
      </Breadcrumbs>
      <div className="page-heading">
        <div>
          <h1 className="page-title">
            {season.data?.name ?? (season.isPending ? t('admin.season.loadingSeason') : t('admin.season.fallbackTitle'))}
          </h1>
          {season.data ? (
            <p className="muted season-dates">
              {t('admin.season.dates', { start: shortDay(season.data.startDate), finish: shortDay(season.data.finishDate) })}
              {season.data.active ? <span className="badge">{t('admin.common.active')}</span> : null}
            </p>
          ) : null}
        </div>
        <div className="toolbar">
          <button type="button" className="button button-primary" onClick={() => open({ kind: 'add-league' })}>
            {t('admin.season.addLeague')}
          </button>
          <DeleteSelectedButton onClick={leagueDeletion.ask} />
        </div>
      </div>
      <Flash message={flash.message} />

      <section aria-labelledby="leagues-title" className="season-section">
        <h2 className="section-title" id="leagues-title">
          {t('admin.season.leagues')}
        </h2>
        {leagues.isPending ? (
          <Loading text={t('admin.common.loadingLeagues')} />
        ) : leagues.isError ? (
          <ErrorState message={t('admin.season.leaguesLoadError')} onRetry={() => leagues.refetch()} />
        ) : leagues.data.length === 0 ? (
          <EmptyState>{t('admin.common.noLeagues')}</EmptyState>
        ) : (
          <LeagueTable seasonId={seasonId} leagues={leagues.data} selection={selection} onReorder={reorder} />
        )}
      </section>

      <section aria-label={t('admin.season.standingsAndDivisions')} className="season-section">
        {divisions.isPending ? (
          <Loading text={t('admin.season.loadingDivisions')} />
        ) : divisions.isError ? (
          <ErrorState message={t('admin.season.divisionsLoadError')} onRetry={() => divisions.refetch()} />
        ) : (
          <DivisionsBoard
            data={divisions.data}
            creating={createDivision.isPending}
            onCreate={(name) =>
              createDivision.mutate(name, {
                onSuccess: () => flash.show(t('admin.common.createdNamed', { name })),
                onError: failed(t('admin.season.addDivisionFailed')),
              })
            }
            onAssign={(team: StandingRow, division: Division) =>
              assign.mutate(
                { divisionId: division.id, team },
                { onError: failed(t('admin.season.moveFailed', { name: team.name })) },
              )
            }
            onRemove={(team: StandingRow, divisionId: number) =>
              unassign.mutate({ divisionId, team }, { onError: failed(t('admin.season.removeFailed', { name: team.name })) })
            }
            onReorder={(ordered) => reorderDivisions.mutate(ordered, { onError: failed(t('admin.season.divisionOrderFailed')) })}
            onDelete={(division) => open({ kind: 'delete-division', division })}
          />
        )}
      </section>

      {dialog?.kind === 'add-league' ? (
        <AddLeagueModal
          key={addRound}
          seasonId={seasonId}
          busy={addLeague.isPending}
          error={failureOf(addLeague, t('admin.season.addLeagueFailed'))}
          onSubmit={submitLeague}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog
        {...leagueDeletion.dialog}
        title={t('admin.season.deleteLeagues')}
        message={<p>{t('admin.season.deleteLeaguesQuestion')}</p>}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete-division'}
        title={t('admin.season.deleteDivision')}
        message={<p>{t('admin.season.deleteDivisionQuestion')}</p>}
        busy={deleteDivision.isPending}
        error={failureOf(deleteDivision, t('admin.season.deleteDivisionFailed'))}
        onConfirm={confirmDeleteDivision}
        onCancel={close}
      />
    </section>
  )
}
