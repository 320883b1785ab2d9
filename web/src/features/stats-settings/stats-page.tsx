import type { ReactNode } from 'react'
import { Flash, useFlash } from '../../components/flash'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { type Translate, useT } from '../../lib/i18n'
import { useAdminTitle } from '../../lib/use-admin-title'
import { useReorderStats, useResetStats, useStats, useToggleStat } from './api'
import { RecordBookSettings } from './record-book-settings'
import { type ResetTexts, SettingsRow, useResetToDefault } from './settings-parts'
import { SortableSettingsList } from './sortable-settings-list'
import './stats-settings.css'

/** The Reset to Default confirmation's words. */
const resetTexts = (t: Translate): ResetTexts => ({
  title: t('admin.statsSettings.resetStatsTitle'),
  message: <p>{t('admin.statsSettings.resetStatsQuestion')}</p>,
  failure: t('admin.statsSettings.resetStatsFailed'),
  done: t('admin.statsSettings.resetStatsDone'),
})

/** docs/reference/league-admin.md Stats screen: drag-sortable stat names with abbreviation and Hide/Unhide; Reset to Default. */
export function StatsPage() {
  const t = useT()
  const { user } = useAuth()
  // docs/reference/league-admin.md: the screen works on the user's first sport.
  const sport = user?.sports[0]
  const sportId = sport?.id ?? 0
  const stats = useStats(sport?.id)
  const reorder = useReorderStats(sportId)
  const toggle = useToggleStat(sportId)
  const reset = useResetStats(sportId)
  const flash = useFlash()
  const resetToDefault = useResetToDefault(reset, resetTexts(t), flash.show)

  useAdminTitle(t('admin.statsSettings.statsTitle'))

  const fail = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  let body: ReactNode
  if (!sport) body = <EmptyState>{t('admin.statsSettings.noSport')}</EmptyState>
  else if (stats.isPending) body = <Loading text={t('admin.statsSettings.loadingStats')} />
  else if (stats.isError) body = <ErrorState message={t('admin.statsSettings.statsFailed')} onRetry={() => stats.refetch()} />
  else if (stats.data.length === 0) body = <EmptyState>{t('admin.statsSettings.noStats')}</EmptyState>
  else {
    body = (
      <SortableSettingsList
        items={stats.data}
        label={t('admin.statsSettings.statsTitle')}
        nameOf={(stat) => stat.name}
        isMuted={(stat) => !stat.is_visible}
        onReorder={(ordered) => reorder.mutate(ordered, { onError: fail(t('admin.statsSettings.reorderStatsFailed')) })}
        renderItem={(stat) => (
          <SettingsRow
            name={stat.name}
            hidden={!stat.is_visible}
            meta={stat.abbreviation}
            showWord="unhide"
            disabled={toggle.isPending && toggle.variables?.id === stat.id}
            onToggle={() =>
              toggle.mutate(
                { id: stat.id, hidden: stat.is_visible },
                { onError: fail(t('admin.statsSettings.updateStatFailed')) },
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
          {t('admin.statsSettings.statsTitle')}
          {sport ? <span className="muted"> · {sport.name}</span> : null}
        </h1>
        {sport ? (
          <button type="button" className="button" onClick={resetToDefault.ask}>
            {t('admin.statsSettings.resetToDefault')}
          </button>
        ) : null}
      </div>
      <Flash message={flash.message} />
      <p className="settings-hint">{t('admin.statsSettings.dragHint')}</p>
      {body}
      <RecordBookSettings />
      {resetToDefault.dialog}
    </section>
  )
}
