import { type ReactNode, useEffect, useId } from 'react'
import { useSearchParams } from 'react-router'
import { Flash, useFlash } from '../../components/flash'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
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
const RESET: ResetTexts = {
  title: 'Reset game periods',
  message: <p>Reset the game periods to the defaults? Added periods, the order and hidden periods are lost.</p>,
  failure: 'Failed to reset game periods',
  done: 'Game periods reset to default',
}

/**
 * docs/reference/league-admin.md Game Periods screen: sortable periods with Hide/Unhide (hidden ones dimmed), a name
 * input with Add Game Period, Reset to Default and Hide All. `?userId=` acts for that user (their
 * organization and first sport).
 */
export function GamePeriodsPage() {
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
  const named = useNameToAdd('Failed to add game period')
  const resetToDefault = useResetToDefault(reset, RESET, flash.show)

  useEffect(() => {
    document.title = 'Game Periods · Courtside'
  }, [])

  const fail = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  const submit = named.submitWith(
    (trimmed, callbacks: Added<GamePeriod>) => add.mutate(trimmed, callbacks),
    (period) => flash.show(`${period.name} added`),
  )

  const visibleIds = (periods.data ?? []).filter((period) => !period.hidden).map((period) => period.id)

  let body: ReactNode
  if (userId !== null && actingFor.isPending) body = <Loading text="Loading user..." />
  else if (userId !== null && actingFor.isError) body = <ErrorState message="That user could not be found." />
  else if (!sport) body = <EmptyState>No sport assigned to this user</EmptyState>
  else if (periods.isPending) body = <Loading text="Loading game periods..." />
  else if (periods.isError) body = <ErrorState message="Game periods could not be loaded." onRetry={() => periods.refetch()} />
  else if (periods.data.length === 0) body = <EmptyState>No game periods yet.</EmptyState>
  else {
    body = (
      <SortableSettingsList
        items={periods.data}
        label="Game periods"
        nameOf={(period) => period.name}
        isMuted={(period) => period.hidden}
        onReorder={(ordered) => reorder.mutate(ordered, { onError: fail('Failed to reorder game periods') })}
        renderItem={(period) => (
          <SettingsRow
            name={period.name}
            hidden={period.hidden}
            showWord="Unhide"
            onToggle={() =>
              setHidden.mutate({ ids: [period.id], hidden: !period.hidden }, { onError: fail('Failed to update game period') })
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
          Game Periods
          {userId !== null && actingFor.data ? <span className="muted"> · {actingFor.data.username}</span> : null}
        </h1>
      </div>
      <Flash message={flash.message} />
      {sport ? (
        <form className="settings-add" onSubmit={submit} noValidate>
          <NameField id={`${id}-name`} label="Game period name" placeholder="e.g. Overtime" named={named} />
          <button type="submit" className="button button-primary" disabled={add.isPending}>
            Add Game Period
          </button>
          <div className="settings-actions">
            <button type="button" className="button" onClick={resetToDefault.ask}>
              Reset to Default
            </button>
            <button
              type="button"
              className="button"
              disabled={visibleIds.length === 0 || setHidden.isPending}
              onClick={() =>
                setHidden.mutate(
                  { ids: visibleIds, hidden: true },
                  { onSuccess: () => flash.show('All game periods hidden'), onError: fail('Failed to hide game periods') },
                )
              }
            >
              Hide All
            </button>
          </div>
        </form>
      ) : null}
      {body}
      {resetToDefault.dialog}
    </section>
  )
}
