import { useMemo, useState } from 'react'
import { Link } from 'react-router'
import { activeColumn, bulkDelete, editColumn, PageHeading, selectColumn } from '../../components/admin-table'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useFieldConflict } from '../../components/conflict-dialog'
import { type Column, DataTable } from '../../components/data-table'
import { Flash, useFlash } from '../../components/flash'
import { useSelection } from '../../components/selection'
import { shortDay } from '../../lib/admin-format'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { useRichT, useT } from '../../lib/i18n'
import { queryStatus } from '../../lib/query-status'
import {
  type Season,
  type SeasonInput,
  useCreateSeason,
  useDeleteSeasons,
  useSeasons,
  useUpdateSeason,
} from '../../lib/seasons-api'
import { useChooseActingOrganization } from '../../lib/use-acting-org'
import { SeasonFormModal } from './season-form-modal'
import './seasons.css'
import { useAdminTitle } from '../../lib/use-admin-title'
import { useDialog } from '../../lib/use-dialog'

type Dialog = { kind: 'add' } | { kind: 'edit'; season: Season } | { kind: 'delete' }

// docs/reference/league-admin.md §5 and §8: the exact wording (admin.seasons.noSport, admin.seasons.selectFirst).

/** docs/reference/league-admin.md Seasons page: SEASONS table, Add Season and Edit modals, bulk delete. */
export function SeasonsPage() {
  const t = useT()
  const { user } = useAuth()
  const seasons = useSeasons()
  const flash = useFlash()
  const [addRound, setAddRound] = useState(0)
  const createSeason = useCreateSeason()
  const updateSeason = useUpdateSeason()
  const deleteSeasons = useDeleteSeasons()
  const conflict = useFieldConflict<SeasonInput & { version?: number }>()
  const ids = useMemo(() => seasons.data?.map((season) => season.id) ?? [], [seasons.data])
  const selection = useSelection(ids)
  const [formError, setFormError] = useState<string | null>(null)
  // docs/reference/league-admin.md §6: only a super admin sees the Organization and Sport columns.
  const superAdmin = user?.role === 'super_admin'
  const chooseOrganization = useChooseActingOrganization()

  useAdminTitle(t('admin.seasons.title'))

  const dialogs = useDialog<Dialog>(createSeason, updateSeason, deleteSeasons)
  const { dialog, close } = dialogs
  const open = (next: Dialog) => {
    setFormError(null)
    dialogs.open(next)
  }

  const saveEdit = (id: number, input: SeasonInput & { version?: number }) =>
    updateSeason.mutate(
      { id, input },
      {
        onSuccess: (season) => {
          close()
          flash.show(t('admin.seasons.updated', { name: season.name }))
        },
        // Someone saved this season first: choose field by field (docs/api-concurrency.md).
        onError: (error) => {
          const labels = {
            name: t('admin.common.name'),
            startDate: t('admin.common.start'),
            finishDate: t('admin.common.finish'),
            active: t('admin.common.active'),
            published: t('admin.seasons.publishAhead'),
          }
          if (conflict.offer(error, input, labels, (merged, version) => saveEdit(id, { ...merged, version }))) close()
        },
      },
    )

  const submit = (input: SeasonInput, another: boolean) => {
    if (dialog?.kind === 'edit') {
      saveEdit(dialog.season.id, { ...input, version: dialog.season.version })
      return
    }
    // docs/reference/league-admin.md §5: a season takes the user's sport, the first one. Without any there is nothing to
    // send. (Decision: a user with several sports creates with the first, as the spec says.)
    const sport = user?.sports?.[0]
    if (!sport) {
      setFormError(t('admin.seasons.noSport'))
      return
    }
    setFormError(null)
    createSeason.mutate(
      { ...input, sport_id: sport.id },
      {
        onSuccess: (season) => {
          // "Add and Add Another": the form comes back empty for the next season.
          if (another) setAddRound((round) => round + 1)
          else close()
          flash.show(t('admin.seasons.created', { name: season.name }))
        },
      },
    )
  }

  const deletion = bulkDelete(
    selection,
    deleteSeasons,
    flash,
    { dialog, open, close },
    { none: t('admin.seasons.selectFirst'), done: t('admin.seasons.deleted'), failure: t('admin.seasons.deleteFailed') },
  )

  const columns: Column<Season>[] = [
    selectColumn(selection, t('admin.seasons.selectAll'), (season) => t('admin.common.selectNamed', { name: season.name })),
    { key: 'number', header: '#', className: 'cell-number', render: (season) => ids.indexOf(season.id) + 1 },
    {
      key: 'name',
      header: t('admin.common.name'),
      // A super admin opening another organization's season works on that organization from then on
      // (docs/decisions/2026-11-28-super-admin-acting-organization.md).
      render: (season) => (
        <Link
          to={`/dashboard/seasons/${season.id}`}
          onClick={
            superAdmin ? () => chooseOrganization({ id: season.organization_id, name: season.organization.name }) : undefined
          }
        >
          {season.name}
        </Link>
      ),
    },
    ...(superAdmin
      ? [
          {
            key: 'organization',
            header: t('admin.common.organization'),
            render: (season: Season) => season.organization?.name ?? '—',
          },
          {
            key: 'sport',
            header: t('admin.common.sport'),
            render: (season: Season) => season.sportsv2?.name ?? season.sportsv2?.type ?? '—',
          },
        ]
      : []),
    { key: 'start', header: t('admin.common.start'), className: 'cell-nowrap', render: (season) => shortDay(season.startDate) },
    {
      key: 'finish',
      header: t('admin.common.finish'),
      className: 'cell-nowrap',
      render: (season) => shortDay(season.finishDate),
    },
    activeColumn((season) => season.active),
    editColumn(
      (season) => t('admin.common.editNamed', { name: season.name }),
      (season) => open({ kind: 'edit', season }),
    ),
  ]

  const formMutation = dialog?.kind === 'edit' ? updateSeason : createSeason
  return (
    <section className="admin-page">
      <PageHeading
        title={t('admin.seasons.heading')}
        addLabel={t('admin.seasons.add')}
        onAdd={() => open({ kind: 'add' })}
        onDeleteSelected={deletion.ask}
      />
      <Flash message={flash.message} />
      {conflict.dialog}
      <DataTable
        caption={t('admin.seasons.title')}
        columns={columns}
        rows={seasons.data}
        {...queryStatus(seasons, t('admin.seasons.loading'), t('admin.seasons.loadError'))}
        emptyText={t('admin.seasons.empty')}
      />

      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <SeasonFormModal
          key={dialog.kind === 'add' ? `add-${addRound}` : 'edit'}
          season={dialog.kind === 'edit' ? dialog.season : null}
          busy={formMutation.isPending}
          error={
            formError ??
            (formMutation.isError
              ? errorMessage(
                  formMutation.error,
                  dialog.kind === 'edit' ? t('admin.seasons.updateFailed') : t('admin.seasons.createFailed'),
                )
              : null)
          }
          serverFields={formMutation.error instanceof ApiError ? formMutation.error.fields : undefined}
          onSubmit={submit}
          onClose={close}
        />
      ) : null}

      <ConfirmDialog
        {...deletion.dialog}
        title={t('admin.seasons.deleteTitle')}
        message={
          <DeleteSeasonsMessage names={(seasons.data ?? []).filter((s) => selection.isSelected(s.id)).map((s) => s.name)} />
        }
      />
    </section>
  )
}

/**
 * What a season's delete takes with it (worker/db/queries/seasons.ts deleteSeasons, and the rows
 * that hang on the season): named, so nobody deletes a season's leagues, teams and games unawares.
 */
function DeleteSeasonsMessage({ names }: { names: string[] }) {
  const t = useT()
  const richT = useRichT()
  const list = t('admin.common.list', { count: names.length, rest: names.slice(0, -1).join(', '), last: names.at(-1) })
  return (
    <>
      <p>{richT('admin.seasons.deleteQuestion', { names: list, b: (chunks) => <strong key="names">{chunks}</strong> })}</p>
      <p>{t('admin.seasons.deleteWhat', { count: names.length })}</p>
    </>
  )
}
