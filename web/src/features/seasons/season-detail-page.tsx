import { useMemo, useState } from 'react'
import { Link, useParams } from 'react-router'
import { Breadcrumbs, bulkDelete, DeleteSelectedButton } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Flash, useFlash } from '../../components/flash'
import { useSelection } from '../../components/selection'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { errorMessage, isNotFound } from '../../lib/api-client'
import { formatDay } from '../../lib/format'
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

  useAdminTitle(season.data?.name ?? 'Season')

  const { dialog, open, close } = useDialog<Dialog>(addLeague, deleteLeagues, deleteDivision)
  const failed = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  if (season.isError) {
    return (
      <section className="admin-page">
        <h1 className="page-title">Season</h1>
        <ErrorState
          message={isNotFound(season.error) ? 'Season not found.' : 'The season could not be loaded.'}
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
        flash.show(`${league?.name ?? label} created`)
      },
    })

  const leagueDeletion = bulkDelete(
    selection,
    deleteLeagues,
    flash,
    { dialog, open, close },
    { none: 'Select at least one league.', done: 'Leagues deleted', failure: 'Failed to delete leagues', kind: 'delete-leagues' },
  )

  const confirmDeleteDivision = () => {
    if (dialog?.kind !== 'delete-division') return
    deleteDivision.mutate(dialog.division.id, {
      onSuccess: () => {
        close()
        flash.show(`${dialog.division.name} deleted`)
      },
    })
  }

  const reorder = (ordered: SeasonLeague[]) =>
    reorderLeagues.mutate(ordered, { onError: failed('Failed to save the league order') })

  return (
    <section className="admin-page season-detail">
      <Breadcrumbs>
        <Link to="/dashboard/seasons">Seasons</Link>
      </Breadcrumbs>
      <div className="page-heading">
        <div>
          <h1 className="page-title">{season.data?.name ?? (season.isPending ? 'Loading season...' : 'Season')}</h1>
          {season.data ? (
            <p className="muted season-dates">
              {formatDay(season.data.startDate)} – {formatDay(season.data.finishDate)}
              {season.data.active ? <span className="badge">Active</span> : null}
            </p>
          ) : null}
        </div>
        <div className="toolbar">
          <button type="button" className="button button-primary" onClick={() => open({ kind: 'add-league' })}>
            Add League
          </button>
          <DeleteSelectedButton onClick={leagueDeletion.ask} />
        </div>
      </div>
      <Flash message={flash.message} />

      <section aria-labelledby="leagues-title" className="season-section">
        <h2 className="section-title" id="leagues-title">
          Leagues
        </h2>
        {leagues.isPending ? (
          <Loading text="Loading leagues..." />
        ) : leagues.isError ? (
          <ErrorState message="Leagues could not be loaded." onRetry={() => leagues.refetch()} />
        ) : leagues.data.length === 0 ? (
          <EmptyState>No leagues available</EmptyState>
        ) : (
          <LeagueTable seasonId={seasonId} leagues={leagues.data} selection={selection} onReorder={reorder} />
        )}
      </section>

      <section aria-label="Standings and divisions" className="season-section">
        {divisions.isPending ? (
          <Loading text="Loading divisions..." />
        ) : divisions.isError ? (
          <ErrorState message="Divisions could not be loaded." onRetry={() => divisions.refetch()} />
        ) : (
          <DivisionsBoard
            data={divisions.data}
            creating={createDivision.isPending}
            onCreate={(name) =>
              createDivision.mutate(name, {
                onSuccess: () => flash.show(`${name} created`),
                onError: failed('Failed to add division'),
              })
            }
            onAssign={(team: StandingRow, division: Division) =>
              assign.mutate({ divisionId: division.id, team }, { onError: failed(`Failed to move ${team.name}`) })
            }
            onRemove={(team: StandingRow, divisionId: number) =>
              unassign.mutate({ divisionId, team }, { onError: failed(`Failed to remove ${team.name}`) })
            }
            onReorder={(ordered) => reorderDivisions.mutate(ordered, { onError: failed('Failed to save the division order') })}
            onDelete={(division) => open({ kind: 'delete-division', division })}
          />
        )}
      </section>

      {dialog?.kind === 'add-league' ? (
        <AddLeagueModal
          key={addRound}
          seasonId={seasonId}
          busy={addLeague.isPending}
          error={failureOf(addLeague, 'Failed to add league')}
          onSubmit={submitLeague}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog {...leagueDeletion.dialog} title="Delete leagues" message={<p>Delete selected leagues?</p>} />
      <ConfirmDialog
        open={dialog?.kind === 'delete-division'}
        title="Delete division"
        message={<p>Are you sure you want to delete this division?</p>}
        busy={deleteDivision.isPending}
        error={failureOf(deleteDivision, 'Failed to delete division')}
        onConfirm={confirmDeleteDivision}
        onCancel={close}
      />
    </section>
  )
}
