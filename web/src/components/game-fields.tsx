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
