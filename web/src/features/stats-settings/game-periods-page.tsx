import { type ReactNode, useId } from 'react'
import { useSearchParams } from 'react-router'
import { Flash, useFlash } from '../../components/flash'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { type Translate, useT } from '../../lib/i18n'
import { useAdminTitle } from '../../lib/use-admin-title'
import {
  type GamePeriod,
  useActingUser,
  useAddGamePeriod,
  useGamePeriods,
  useReorderGamePeriods,
  useResetGamePeriods,
  useSetPeriodsHidden,
} from './api'
import { type Added, NameField, type ResetTexts, SettingsRow, useNameToAdd, useResetToDefault } from './settings-parts'
import { SortableSettingsList } from './sortable-settings-list'
import './stats-settings.css'

function userIdParam(value: string | null): number | null {
  const id = Number(value)
  return Number.isInteger(id) && id > 0 ? id : null
}

/** The Reset to Default confirmation's words. */
const resetTexts = (t: Translate): ResetTexts => ({
  title: t('admin.statsSettings.resetPeriodsTitle'),
  message: <p>{t('admin.statsSettings.resetPeriodsQuestion')}</p>,
  failure: t('admin.statsSettings.resetPeriodsFailed'),
  done: t('admin.statsSettings.resetPeriodsDone'),
})

/**
 * docs/reference/league-admin.md Game Periods screen: sortable periods with Hide/Unhide (hidden ones dimmed), a name
 * input with Add Game Period, Reset to Default and Hide All. `?userId=` acts for that user (their
 * organization and first sport).
 */
export function GamePeriodsPage() {
  const t = useT()
  const id = useId()
  const { user } = useAuth()
  const [params] = useSearchParams()
  const userId = userIdParam(params.get('userId'))
  const actingFor = useActingUser(userId)
  const sport = userId !== null ? actingFor.data?.sports[0] : user?.sports[0]
  const sportId = sport?.id ?? 0
  const periods = useGamePeriods(sport?.id, userId)
  const reorder = useReorderGamePeriods(sportId, userId)
  const setHidden = useSetPeriodsHidden(sportId, userId)
  const add = useAddGamePeriod(sportId, userId)
  const reset = useResetGamePeriods(sportId, userId)
  const flash = useFlash()
  const named = useNameToAdd(t('admin.statsSettings.addPeriodFailed'))
  const resetToDefault = useResetToDefault(reset, resetTexts(t), flash.show)

  useAdminTitle(t('admin.statsSettings.periodsTitle'))

  const fail = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  const submit = named.submitWith(
    (trimmed, callbacks: Added<GamePeriod>) => add.mutate(trimmed, callbacks),
    (period) => flash.show(t('admin.statsSettings.added', { name: period.name })),
  )

  const visibleIds = (periods.data ?? []).filter((period) => !period.hidden).map((period) => period.id)

  let body: ReactNode
  if (userId !== null && actingFor.isPending) body = <Loading text={t('admin.statsSettings.loadingUser')} />
  else if (userId !== null && actingFor.isError) body = <ErrorState message={t('admin.statsSettings.userNotFound')} />
  else if (!sport) body = <EmptyState>{t('admin.statsSettings.noSport')}</EmptyState>
  else if (periods.isPending) body = <Loading text={t('admin.statsSettings.loadingPeriods')} />
  else if (periods.isError)
    body = <ErrorState message={t('admin.statsSettings.periodsFailed')} onRetry={() => periods.refetch()} />
  else if (periods.data.length === 0) body = <EmptyState>{t('admin.statsSettings.noPeriods')}</EmptyState>
  else {
    body = (
      <SortableSettingsList
        items={periods.data}
        label={t('admin.statsSettings.periodsList')}
        nameOf={(period) => period.name}
        isMuted={(period) => period.hidden}
        onReorder={(ordered) => reorder.mutate(ordered, { onError: fail(t('admin.statsSettings.reorderPeriodsFailed')) })}
        renderItem={(period) => (
          <SettingsRow
            name={period.name}
            hidden={period.hidden}
            showWord="unhide"
            onToggle={() =>
              setHidden.mutate(
                { ids: [period.id], hidden: !period.hidden },
                { onError: fail(t('admin.statsSettings.updatePeriodFailed')) },
              )
            }
          />
        )}
      />
    )
  }

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">
          {t('admin.statsSettings.periodsTitle')}
          {userId !== null && actingFor.data ? <span className="muted"> · {actingFor.data.username}</span> : null}
        </h1>
      </div>
      <Flash message={flash.message} />
      {sport ? (
        <form className="settings-add" onSubmit={submit} noValidate>
          <NameField
            id={`${id}-name`}
            label={t('admin.statsSettings.periodName')}
            placeholder={t('admin.statsSettings.periodPlaceholder')}
            named={named}
          />
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            {t('admin.statsSettings.addPeriod')}
          </button>
          <div className="settings-actions">
            <button type="button" className="button" onClick={resetToDefault.ask}>
              {t('admin.statsSettings.resetToDefault')}
            </button>
            <button
              type="button"
              className="button"
              disabled={visibleIds.length === 0 || setHidden.isPending}
              onClick={() =>
                setHidden.mutate(
                  { ids: visibleIds, hidden: true },
                  {
                    onSuccess: () => flash.show(t('admin.statsSettings.allPeriodsHidden')),
                    onError: fail(t('admin.statsSettings.hidePeriodsFailed')),
                  },
                )
              }
            >
              {t('admin.statsSettings.hideAll')}
            </button>
          </div>
        </form>
      ) : null}
      {body}
      {resetToDefault.dialog}
    </section>
  )
}
