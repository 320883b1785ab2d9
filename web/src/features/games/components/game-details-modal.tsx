import { type FormEvent, useId, useState } from 'react'
import type { GameStatus } from '../../../../../worker/domain/games'
import { FormError } from '../../../components/form-modal'
import { GameLocationField, GameStatusField, GameVenueFields, GameWhenFields } from '../../../components/game-fields'
import { Modal } from '../../../components/modal'
import { useT } from '../../../lib/i18n'
import { useVenues } from '../../../lib/venues-api'
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

/** docs/reference/league-admin.md Admin game page: the Edit Game modal (video URL, location, date, time, status). */
export function GameDetailsModal({ open, ...rest }: GameDetailsModalProps) {
  return open ? <GameDetailsForm {...rest} /> : null
}

function GameDetailsForm({ game, busy, error, onSave, onClose }: Omit<GameDetailsModalProps, 'open'>) {
  const t = useT()
  const formId = useId()
  const [videoUrl, setVideoUrl] = useState(game.video_url ?? '')
  const [location, setLocation] = useState(game.location ?? '')
  const [date, setDate] = useState(game.date ?? '')
  const [time, setTime] = useState(game.time ?? '')
  const [status, setStatus] = useState<GameStatus>(game.status)
  const [venueId, setVenueId] = useState<number | null>(game.venue?.id ?? null)
  const [courtId, setCourtId] = useState<number | null>(game.court?.id ?? null)
  const venues = useVenues()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    // Empty fields clear the value; the server turns a YouTube watch link into its embed link.
    onSave({
      video_url: videoUrl.trim() || null,
      location: location.trim() || null,
      date: date || null,
      time: time || null,
      status,
      venueId,
      courtId,
    })
  }

  return (
    <Modal
      open
      title={t('admin.gameForm.edit')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('admin.common.cancel')}
          </button>
          <button type="submit" form={formId} className="button button-primary" disabled={busy}>
            {busy ? t('admin.common.savingDots') : t('admin.common.save')}
          </button>
        </>
      }
    >
      <form id={formId} className="form-stack" onSubmit={submit}>
        <div className="field">
          <label htmlFor={`${formId}-video`}>{t('admin.game.videoUrl')}</label>
          <input
            id={`${formId}-video`}
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=..."
            pattern="https://.*"
            value={videoUrl}
            onChange={(event) => setVideoUrl(event.target.value)}
          />
          <span className="field-hint">{t('admin.game.videoHint')}</span>
        </div>
        <GameVenueFields
          formId={formId}
          venues={venues.data ?? []}
          venueId={venueId}
          courtId={courtId}
          onChange={(venue, court) => {
            setVenueId(venue)
            setCourtId(court)
          }}
        />
        <GameLocationField formId={formId} value={location} onChange={setLocation} />
        <GameWhenFields formId={formId} date={date} time={time} onDate={setDate} onTime={setTime} />
        <GameStatusField formId={formId} value={status} onChange={setStatus} />
        <FormError>{error}</FormError>
      </form>
    </Modal>
  )
}
