import { type FormEvent, useId, useState } from 'react'
import { GAME_STATUSES, type GameStatus } from '../../../../../worker/domain/games'
import { Modal } from '../../../components/modal'
import { SelectField } from '../../../components/select-field'
import type { Game, GameDetailsInput } from '../api'

export interface GameDetailsModalProps {
  open: boolean
  game: Game
  busy: boolean
  /** The server's refusal, shown inside the dialog. */
  error: string | null
  onSave: (input: GameDetailsInput) => void
  onClose: () => void
}

const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1)

/** docs/reference/league-admin.md Admin game page: the Edit Game modal (video URL, location, date, time, status). */
export function GameDetailsModal({ open, ...rest }: GameDetailsModalProps) {
  return open ? <GameDetailsForm {...rest} /> : null
}

function GameDetailsForm({ game, busy, error, onSave, onClose }: Omit<GameDetailsModalProps, 'open'>) {
  const formId = useId()
  const [videoUrl, setVideoUrl] = useState(game.video_url ?? '')
  const [location, setLocation] = useState(game.location ?? '')
  const [date, setDate] = useState(game.date ?? '')
  const [time, setTime] = useState(game.time ?? '')
  const [status, setStatus] = useState<GameStatus>(game.status)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Empty fields clear the value; the server turns a YouTube watch link into its embed link.
    onSave({
      video_url: videoUrl.trim() || null,
      location: location.trim() || null,
      date: date || null,
      time: time || null,
      status,
    })
  }

  return (
    <Modal
      open
      title="Edit Game"
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </>
      }
    >
      <form id={formId} className="form-stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${formId}-video`}>Video URL</label>
          <input
            id={`${formId}-video`}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=..."
            pattern="https://.*"
            value={videoUrl}
            onChange={(event) => setVideoUrl(event.target.value)}
          />
          <span className="field-hint">An https:// link; a YouTube watch link is saved as its embed link.</span>
        </div>
        <div className="field">
          <label htmlFor={`${formId}-location`}>Location</label>
          <input
            id={`${formId}-location`}
            maxLength={200}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
          />
        </div>
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${formId}-date`}>Date</label>
            <input id={`${formId}-date`} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${formId}-time`}>Time</label>
            <input id={`${formId}-time`} type="time" value={time} onChange={(event) => setTime(event.target.value)} />
          </div>
        </div>
        <SelectField
          id={`${formId}-status`}
          label="Status"
          value={status}
          onChange={(event) => setStatus(event.target.value as GameStatus)}
        >
          {GAME_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusLabel(value)}
            </option>
          ))}
        </SelectField>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </Modal>
  )
}
