import { useQueryClient } from '@tanstack/react-query'
import { type KeyboardEvent, useId, useMemo, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { useFieldConflict } from '../../../components/conflict-dialog'
import { Flash, useFlash } from '../../../components/flash'
import { EditIcon, TrashIcon } from '../../../components/icons'
import { ErrorState, Loading } from '../../../components/status'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { t as translate, useRichT, useT } from '../../../lib/i18n'
import {
  type BuilderGame,
  type ByeDate,
  builderKeys,
  fetchScheduleDetail,
  type Schedule,
  type ScheduleChanges,
  type SchedulePlan,
  useDeleteSchedule,
  useFairness,
  useGenerateSchedule,
  useLockGame,
  useScheduleDetail,
  useSwapGames,
  useUpdateSchedule,
  type WeekOff,
} from '../api'
import { formatNightDate, matchup, nightRows, scheduleColumns, weekdayName } from '../schedule-grid-rows'
import { EditScheduleModal } from './edit-schedule-modal'
import { FairnessTable } from './fairness-table'
import { ScheduleGrid } from './schedule-grid'

type Dialog = { kind: 'edit' } | { kind: 'delete' } | { kind: 'generate'; plan: SchedulePlan }

/** "Failed to update schedule: <the server's reason>", or the spec's words alone. */
function failure(error: unknown, fallback: string) {
  return error instanceof ApiError && error.message
    ? translate('admin.sb.failure', { fallback, reason: error.message })
    : fallback
}

/** The regeneration's effect, for the confirmation (docs/reference/schedule-builder.md): what goes, what stays. */
function planLine(plan: SchedulePlan) {
  if (plan.games === 0) return translate('admin.sb.nothingReplaced')
  return translate('admin.sb.replacePlan', { replaced: plan.replaced, kept: plan.kept })
}

/**
 * One schedule of the league: its nights table with swapping and locking, Edit, Generate Full
 * Schedule, Delete, and its fairness table.
 */
export function ScheduleCard({
  schedule,
  games,
  byes,
  weekOffs,
  gamesLoading,
  gamesError,
  onRetryGames,
  onDeleted,
}: {
  schedule: Schedule
  games: BuilderGame[]
  byes: ByeDate[]
  weekOffs: WeekOff[]
  gamesLoading: boolean
  gamesError: boolean
  onRetryGames: () => void
  onDeleted: () => void
}) {
  const t = useT()
  const richT = useRichT()
  const headingId = useId()
  const queryClient = useQueryClient()
  const detail = useScheduleDetail(schedule.id)
  const fairness = useFairness(schedule.id)
  const update = useUpdateSchedule()
  const conflict = useFieldConflict<ScheduleChanges>()
  const remove = useDeleteSchedule()
  const generate = useGenerateSchedule()
  const swap = useSwapGames()
  const lock = useLockGame()
  const flash = useFlash()
  // Failures stay until the next action or Dismiss: a generator conflict names teams, dates and
  // slots and needs more than 3 seconds to read.
  const [problem, setProblem] = useState<string | null>(null)
  const [dialog, setDialog] = useState<Dialog | null>(null)
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [preparing, setPreparing] = useState(false)
  // Why each slot was left open by the last generation here (`${weekIndex}|${time}`).
  const [openReasons, setOpenReasons] = useState<Map<string, string>>(new Map())

  const columns = useMemo(() => scheduleColumns(schedule), [schedule])
  const rows = useMemo(() => nightRows(schedule, games, byes, weekOffs), [schedule, games, byes, weekOffs])
  const own = useMemo(() => games.filter((game) => game.schedule_id === schedule.id), [games, schedule.id])
  const nightIndexes = new Set(schedule.nights.map((night) => night.index))
  const outside = own.filter((game) => !nightIndexes.has(game.week_index ?? -1))
  const selected = own.find((game) => game.id === selectedId) ?? null
  const generating = generate.isPending
  const busy = swap.isPending || lock.isPending || generating

  const succeed = (text: string) => {
    setProblem(null)
    flash.show(text)
  }
  const saveChanges = (changes: ScheduleChanges, version: number) =>
    update.mutate(
      { id: schedule.id, changes, version },
      {
        onSuccess: () => {
          setDialog(null)
          succeed(t('admin.sb.updated'))
        },
        // Someone saved this schedule first: choose field by field (docs/api-concurrency.md).
        onError: (error) => {
          const labels = { name: t('admin.common.name'), startDate: t('admin.sb.startDate'), numWeeks: t('admin.sb.weeksCap') }
          if (conflict.offer(error, changes, labels, (merged, current) => saveChanges(merged, current))) setDialog(null)
        },
      },
    )

  const fail = (text: string) => {
    flash.clear()
    setProblem(text)
  }

  const pick = (game: BuilderGame) => {
    setProblem(null)
    // docs/reference/league-admin.md §4: first press selects, a press on another swaps, the same press deselects.
    if (selectedId === null || !selected) {
      setSelectedId(game.id)
      return
    }
    if (selectedId === game.id) {
      setSelectedId(null)
      return
    }
    swap.mutate(
      { gameId1: selectedId, gameId2: game.id },
      {
        onSuccess: () => succeed(t('admin.sb.swapped')),
        onError: (error) => fail(errorMessage(error, t('admin.sb.swapFailed'))),
        onSettled: () => setSelectedId(null),
      },
    )
  }

  const toggleLock = (game: BuilderGame) => {
    setProblem(null)
    if (game.id === selectedId) setSelectedId(null)
    lock.mutate(
      { gameId: game.id, locked: !game.locked },
      {
        onSuccess: () => succeed(t(game.locked ? 'admin.sb.unlocked' : 'admin.sb.locked', { game: matchup(game) })),
        onError: (error) => fail(errorMessage(error, t('admin.sb.gameUpdateFailed'))),
      },
    )
  }

  /**
   * Read the plan fresh (GET /api/schedules/{id}), then ask before overwriting — only when games
   * would go: a schedule with nothing to replace generates at once (docs/reference/league-admin.md).
   */
  const askGenerate = async () => {
    setProblem(null)
    setSelectedId(null)
    setPreparing(true)
    try {
      const fresh = await queryClient.fetchQuery({
        queryKey: builderKeys.detail(schedule.id),
        queryFn: () => fetchScheduleDetail(schedule.id),
        staleTime: 0,
      })
      if (fresh.plan.replaced > 0) setDialog({ kind: 'generate', plan: fresh.plan })
      else confirmGenerate()
    } catch (error) {
      fail(errorMessage(error, t('admin.sb.generateFailed')))
    } finally {
      setPreparing(false)
    }
  }

  const confirmGenerate = () => {
    setDialog(null)
    generate.mutate(schedule.id, {
      onSuccess: (result) => {
        setOpenReasons(new Map((result?.openSlots ?? []).map((o) => [`${o.weekIndex}|${o.time}`, o.reason])))
        succeed(result?.message || t('admin.sb.generated'))
      },
      onError: (error) => fail(errorMessage(error, t('admin.sb.generateFailed'))),
    })
  }

  const openEdit = () => {
    update.reset()
    setDialog({ kind: 'edit' })
  }
  const openDelete = () => {
    remove.reset()
    setDialog({ kind: 'delete' })
  }

  const onGridKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && selectedId !== null) {
      event.stopPropagation()
      setSelectedId(null)
    }
  }

  const days = schedule.gameDays.length > 0 ? schedule.gameDays.map(weekdayName).join(', ') : t('admin.sb.startWeekday')
  const slots = schedule.sameSlot ? schedule.timeSlots.join(', ') : t('admin.sb.perWeek')
  const hasGames = own.length > 0
  const teams = detail.data?.teams ?? []

  let fairnessBody: React.ReactNode = null
  if (hasGames) {
    if (fairness.isPending || detail.isPending) fairnessBody = <Loading text={t('admin.sb.loadingFairness')} />
    else if (fairness.isError || detail.isError)
      fairnessBody = (
        <ErrorState
          message={t('admin.sb.fairnessError')}
          onRetry={() => {
            fairness.refetch()
            detail.refetch()
          }}
        />
      )
    else fairnessBody = <FairnessTable scheduleName={schedule.name} report={fairness.data} teams={teams} />
  }

  return (
    <article className="schedule-card" aria-labelledby={headingId} aria-busy={generating || undefined}>
      <header className="schedule-card-header">
        <div>
          <h3 id={headingId} className="schedule-card-title">
            {schedule.name}
          </h3>
          <p className="muted schedule-card-meta">
            {t('admin.sb.cardMeta', {
              start: formatNightDate(schedule.startDate),
              weeks: schedule.numWeeks,
              days,
              slots,
            })}
          </p>
        </div>
        <div className="builder-toolbar">
          <button
            type="button"
            className="button button-small"
            onClick={openEdit}
            aria-label={t('admin.common.editNamed', { name: schedule.name })}
          >
            <EditIcon /> {t('admin.common.edit')}
          </button>
          <button
            type="button"
            className="button button-small button-primary"
            onClick={askGenerate}
            disabled={generating || preparing}
            aria-label={generating ? undefined : t('admin.sb.generateFor', { name: schedule.name })}
          >
            {generating ? (
              <>
                <span className="spinner" aria-hidden="true" /> {t('admin.sb.generating')}
              </>
            ) : preparing ? (
              t('admin.sb.checking')
            ) : (
              t('admin.sb.generateFull')
            )}
          </button>
          <button
            type="button"
            className="button button-small"
            onClick={openDelete}
            aria-label={t('admin.common.deleteNamed', { name: schedule.name })}
          >
            <TrashIcon /> {t('admin.common.delete')}
          </button>
        </div>
      </header>

      <Flash message={flash.message} />
      {conflict.dialog}
      {problem ? (
        <div className="flash flash-error builder-problem" role="alert">
          <p>{problem}</p>
          <button type="button" className="button button-small" onClick={() => setProblem(null)}>
            {t('admin.live.dismiss')}
          </button>
        </div>
      ) : null}
      {generating ? <Loading text={t('admin.sb.generating')} /> : null}
      <p className="visually-hidden" aria-live="polite">
        {selected ? t('admin.sb.selectedHint', { game: matchup(selected) }) : ''}
      </p>
      {selected ? (
        <p className="builder-hint">
          {richT('admin.sb.selectedVisible', { game: matchup(selected), b: (chunks) => <strong key="game">{chunks}</strong> })}
        </p>
      ) : null}

      {gamesLoading ? (
        <Loading text={t('admin.common.loadingGames')} />
      ) : gamesError ? (
        <ErrorState message={t('admin.common.gamesLoadError')} onRetry={onRetryGames} />
      ) : (
        // biome-ignore lint/a11y/noStaticElementInteractions: Escape clears the selection made with the cell buttons inside
        <div onKeyDown={onGridKeys}>
          {hasGames ? null : <p className="state state-empty">{t('admin.sb.noGamesYet')}</p>}
          <ScheduleGrid
            schedule={schedule}
            columns={columns}
            rows={rows}
            selectedId={selectedId}
            busy={busy}
            onPick={pick}
            onToggleLock={toggleLock}
            openReasons={openReasons}
          />
          {outside.length > 0 ? <p className="muted">{t('admin.sb.outside', { count: outside.length })}</p> : null}
        </div>
      )}

      {fairnessBody}

      {dialog?.kind === 'edit' ? (
        <EditScheduleModal
          schedule={schedule}
          busy={update.isPending}
          error={update.isError ? failure(update.error, t('admin.sb.updateFailed')) : null}
          serverFields={update.error instanceof ApiError ? update.error.fields : undefined}
          onSubmit={(changes) => saveChanges(changes, schedule.version)}
          onClose={() => setDialog(null)}
        />
      ) : null}

      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title={t('admin.sb.deleteTitle')}
        message={<p>{t('admin.sb.deleteQuestion')}</p>}
        busy={remove.isPending}
        error={remove.isError ? failure(remove.error, t('admin.sb.deleteFailed')) : null}
        onConfirm={() =>
          remove.mutate(schedule.id, {
            onSuccess: () => {
              setDialog(null)
              onDeleted()
            },
          })
        }
        onCancel={() => setDialog(null)}
      />

      <ConfirmDialog
        open={dialog?.kind === 'generate'}
        title={t('admin.sb.generateFull')}
        confirmLabel={t('admin.sb.generate')}
        message={
          dialog?.kind === 'generate' ? (
            <>
              <p>{t('admin.sb.overwrite')}</p>
              <p>{planLine(dialog.plan)}</p>
            </>
          ) : null
        }
        onConfirm={confirmGenerate}
        onCancel={() => setDialog(null)}
      />
    </article>
  )
}
