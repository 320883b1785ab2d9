// The fields the admin game dialogs share (docs/reference/league-admin.md: the schedule's game form
// and the game page's details): when, where and, once it exists, the game's status.
import { GAME_STATUSES, type GameStatus } from '../../../worker/domain/games'
import { useT } from '../lib/i18n'
import { SelectField } from './select-field'

/** Date and time side by side; `formId` names their ids (`${formId}-date`, `${formId}-time`). */
export function GameWhenFields({
  formId,
  date,
  time,
  onDate,
  onTime,
}: {
  formId: string
  date: string
  time: string
  onDate: (date: string) => void
  onTime: (time: string) => void
}) {
  const t = useT()
  return (
    <div className="form-grid">
      <div className="field">
        <label htmlFor={`${formId}-date`}>{t('schedule.date')}</label>
        <input id={`${formId}-date`} type="date" value={date} onChange={(event) => onDate(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${formId}-time`}>{t('schedule.time')}</label>
        <input id={`${formId}-time`} type="time" value={time} onChange={(event) => onTime(event.target.value)} />
      </div>
    </div>
  )
}

/** Where the game is played, up to 200 characters. */
export function GameLocationField({
  formId,
  value,
  onChange,
}: {
  formId: string
  value: string
  onChange: (location: string) => void
}) {
  const t = useT()
  return (
    <div className="field">
      <label htmlFor={`${formId}-location`}>{t('directory.location')}</label>
      <input id={`${formId}-location`} maxLength={200} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}

/** The game's status, one option a status ("Scheduled", "Completed"…). */
export function GameStatusField({
  formId,
  value,
  onChange,
}: {
  formId: string
  value: GameStatus
  onChange: (status: GameStatus) => void
}) {
  const t = useT()
  return (
    <SelectField
      id={`${formId}-status`}
      label={t('schedule.status')}
      value={value}
      onChange={(event) => onChange(event.target.value as GameStatus)}
    >
      {GAME_STATUSES.map((status) => (
        <option key={status} value={status}>
          {t(`status.${status}`)}
        </option>
      ))}
    </SelectField>
  )
}

/** A venue with its courts, as the venue picker needs it (docs/venues.md). */
export interface VenueChoice {
  id: number
  name: string
  courts: { id: number; name: string }[]
}

/**
 * The venue, then one of its courts (docs/venues.md): choosing another venue clears the court; a
 * venue with one court chooses it. Empty means none (the free-text location alone).
 */
export function GameVenueFields({
  formId,
  venues,
  venueId,
  courtId,
  onChange,
  errors,
}: {
  formId: string
  venues: VenueChoice[]
  venueId: number | null
  courtId: number | null
  onChange: (venueId: number | null, courtId: number | null) => void
  errors?: Record<string, string>
}) {
  const t = useT()
  const venue = venues.find((v) => v.id === venueId)
  const courts = venue?.courts ?? []
  return (
    <div className="form-grid">
      <SelectField
        id={`${formId}-venue`}
        label={t('admin.gameForm.venue')}
        value={venueId ?? ''}
        onChange={(event) => {
          const id = event.target.value ? Number(event.target.value) : null
          const chosen = venues.find((v) => v.id === id)
          onChange(id, chosen?.courts.length === 1 ? (chosen.courts[0]?.id ?? null) : null)
        }}
        after={errors?.venueId ? <span className="field-error">{errors.venueId}</span> : null}
      >
        <option value="">{t('admin.gameForm.noVenue')}</option>
        {venues.map((v) => (
          <option key={v.id} value={v.id}>
            {v.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${formId}-court`}
        label={t('admin.gameForm.court')}
        value={courtId ?? ''}
        disabled={!venue}
        onChange={(event) => onChange(venueId, event.target.value ? Number(event.target.value) : null)}
        after={errors?.courtId ? <span className="field-error">{errors.courtId}</span> : null}
      >
        <option value="">{t('admin.gameForm.noCourt')}</option>
        {courts.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
    </div>
  )
}
