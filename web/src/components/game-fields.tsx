// The fields the admin game dialogs share (docs/reference/league-admin.md: the schedule's game form
// and the game page's details): when, where and, once it exists, the game's status.
import { GAME_STATUSES, type GameStatus } from '../../../worker/domain/games'
import { SelectField } from './select-field'

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1)

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
  return (
    <div className="form-grid">
      <div className="field">
        <label htmlFor={`${formId}-date`}>Date</label>
        <input id={`${formId}-date`} type="date" value={date} onChange={(event) => onDate(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor={`${formId}-time`}>Time</label>
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
  return (
    <div className="field">
      <label htmlFor={`${formId}-location`}>Location</label>
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
  return (
    <SelectField
      id={`${formId}-status`}
      label="Status"
      value={value}
      onChange={(event) => onChange(event.target.value as GameStatus)}
    >
      {GAME_STATUSES.map((status) => (
        <option key={status} value={status}>
          {statusLabel(status)}
        </option>
      ))}
    </SelectField>
  )
}
