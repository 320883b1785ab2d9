import { type FormEvent, useId, useState } from 'react'
import { Flash, useFlash } from '../../../components/flash'
import { EditIcon } from '../../../components/icons'
import { EmptyState, ErrorState, Loading } from '../../../components/status'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { type LeagueTeam, useUpdateUnavailableSlots } from '../api'
import { formatSlots, isTime, parseTimes, uniqueTimes } from '../schedule-grid-rows'

/** One team's row: its unavailable times, or an inline form to edit them. */
function TeamSlotsRow({ team, onSaved }: { team: LeagueTeam; onSaved: (name: string) => void }) {
  const t = useT()
  const id = useId()
  const update = useUpdateUnavailableSlots()
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)

  const start = () => {
    update.reset()
    setError(null)
    setText((team.unavailableSlots ?? []).join(', '))
    setEditing(true)
  }

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const times = parseTimes(text)
    const wrong = times.filter((time) => !isTime(time))
    if (wrong.length > 0) {
      setError(t('admin.sb.notTimes', { count: wrong.length, times: wrong.map((time) => `"${time}"`).join(', ') }))
      return
    }
    setError(null)
    update.mutate(
      { teamId: team.id, unavailableSlots: uniqueTimes(times) },
      {
        onSuccess: () => {
          setEditing(false)
          onSaved(team.name)
        },
        onError: (err) => setError(errorMessage(err, t('admin.sb.teamUpdateFailed'))),
      },
    )
  }

  return (
    <tr>
      <th scope="row" className="row-name">
        {team.name}
      </th>
      <td>
        {editing ? (
          <form className="team-slots-form" onSubmit={save} noValidate>
            <label className="visually-hidden" htmlFor={`${id}-slots`}>
              {t('admin.sb.unavailableFor', { name: team.name })}
            </label>
            <input
              id={`${id}-slots`}
              value={text}
              placeholder="18:00, 19:00"
              maxLength={500}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
              // biome-ignore lint/a11y/noAutofocus: the field the Edit button just revealed
              autoFocus
              onChange={(event) => setText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(false)
              }}
            />
            <button type="submit" className="button button-small button-primary" disabled={update.isPending}>
              {update.isPending ? t('admin.common.saving') : t('admin.common.save')}
            </button>
            <button type="button" className="button button-small" onClick={() => setEditing(false)}>
              {t('admin.common.cancel')}
            </button>
            {error ? (
              <span className="field-error team-slots-error" id={`${id}-error`} role="alert">
                {error}
              </span>
            ) : (
              <span className="field-hint visually-hidden" id={`${id}-hint`}>
                {t('admin.sb.commaHint')}
              </span>
            )}
          </form>
        ) : (
          <span className={team.unavailableSlots?.length ? undefined : 'muted'}>{formatSlots(team.unavailableSlots)}</span>
        )}
      </td>
      <td className="cell-actions">
        {editing ? null : (
          <button
            type="button"
            className="icon-button"
            aria-label={t('admin.sb.editUnavailable', { name: team.name })}
            title={t('admin.common.edit')}
            onClick={start}
          >
            <EditIcon />
          </button>
        )}
      </td>
    </tr>
  )
}

/** docs/reference/league-admin.md Team list: each team's unavailable time slots, comma-separated (None if empty), editable. */
export function TeamSlotsPanel({
  teams,
  isLoading,
  isError,
  onRetry,
}: {
  teams: LeagueTeam[] | undefined
  isLoading: boolean
  isError: boolean
  onRetry: () => void
}) {
  const t = useT()
  const flash = useFlash()
  if (isLoading) return <Loading text={t('admin.common.loadingTeams')} />
  if (isError) return <ErrorState message={t('admin.teams.loadError')} onRetry={onRetry} />
  if (!teams || teams.length === 0) return <EmptyState>{t('admin.sb.noTeams')}</EmptyState>
  return (
    <>
      <p className="field-hint">{t('admin.sb.unavailableHint')}</p>
      <Flash message={flash.message} />
      <div className="table-scroll">
        <table className="data-table team-slots-table">
          <caption className="visually-hidden">{t('admin.sb.unavailableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.common.team')}</th>
              <th scope="col">{t('admin.sb.unavailable')}</th>
              <th scope="col" className="cell-actions">
                <span className="visually-hidden">{t('admin.common.edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {teams.map((team) => (
              <TeamSlotsRow key={team.id} team={team} onSaved={(name) => flash.show(`${name} updated`)} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
