import { type ReactNode, useEffect } from 'react'
import { Flash, useFlash } from '../../components/flash'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { useReorderStats, useResetStats, useStats, useToggleStat } from './api'
import { RecordBookSettings } from './record-book-settings'
import { type ResetTexts, SettingsRow, useResetToDefault } from './settings-parts'
import { SortableSettingsList } from './sortable-settings-list'
import './stats-settings.css'

/** The Reset to Default confirmation's words. */
const RESET: ResetTexts = {
  title: 'Reset stats',
  message: <p>Reset the stats to the default list and order? Your order and hidden stats are lost.</p>,
  failure: 'Failed to reset stats',
  done: 'Stats reset to default',
}

/** docs/reference/league-admin.md Stats screen: drag-sortable stat names with abbreviation and Hide/Unhide; Reset to Default. */
export function StatsPage() {
  const { user } = useAuth()
  // docs/reference/league-admin.md: the screen works on the user's first sport.
  const sport = user?.sports[0]
  const sportId = sport?.id ?? 0
  const stats = useStats(sport?.id)
  const reorder = useReorderStats(sportId)
  const toggle = useToggleStat(sportId)
  const reset = useResetStats(sportId)
  const flash = useFlash()
  const resetToDefault = useResetToDefault(reset, RESET, flash.show)

  useEffect(() => {
    document.title = 'Stats · Courtside'
  }, [])

  const fail = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  let body: ReactNode
  if (!sport) body = <EmptyState>No sport assigned to this user</EmptyState>
  else if (stats.isPending) body = <Loading text="Loading stats..." />
  else if (stats.isError) body = <ErrorState message="Stats could not be loaded." onRetry={() => stats.refetch()} />
  else if (stats.data.length === 0) body = <EmptyState>No stats available</EmptyState>
  else {
    body = (
      <SortableSettingsList
        items={stats.data}
        label="Stats"
        nameOf={(stat) => stat.name}
        isMuted={(stat) => !stat.is_visible}
        onReorder={(ordered) => reorder.mutate(ordered, { onError: fail('Failed to reorder stats') })}
        renderItem={(stat) => (
          <SettingsRow
            name={stat.name}
            hidden={!stat.is_visible}
            meta={stat.abbreviation}
            showWord="Unhide"
            disabled={toggle.isPending && toggle.variables?.id === stat.id}
            onToggle={() => toggle.mutate({ id: stat.id, hidden: stat.is_visible }, { onError: fail('Failed to update stat') })}
          />
        )}
      />
    )
  }

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">Stats{sport ? <span className="muted"> · {sport.name}</span> : null}</h1>
        {sport ? (
          <button type="button" className="button" onClick={resetToDefault.ask}>
            Reset to Default
          </button>
        ) : null}
      </div>
      <Flash message={flash.message} />
      <p className="settings-hint">
        Drag a stat by its handle (or focus the handle and use Space and the arrow keys) to change the column order.
      </p>
      {body}
      <RecordBookSettings />
      {resetToDefault.dialog}
    </section>
  )
}
