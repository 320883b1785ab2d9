import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { Flash, useFlash } from '../../../components/flash'
import { FieldError, FormError } from '../../../components/form-modal'
import { TrashIcon } from '../../../components/icons'
import { EmptyState, ErrorState, Loading } from '../../../components/status'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { useAddWeekOff, useDeleteWeekOff, type WeekOff } from '../api'
import { formatNightDate } from '../schedule-grid-rows'

// docs/reference/league-admin.md §3, Schedule screen: a week-off's reason defaults to Off Week.
const DEFAULT_REASON = 'Off Week'

/** Week-offs of the selected league and season: add (date, reason) and delete. */
export function WeekOffsPanel({
  seasonId,
  leagueId,
  weekOffs,
  isLoading,
  isError,
  onRetry,
  scheduleDates,
}: {
  seasonId: number
  leagueId: number
  weekOffs: WeekOff[] | undefined
  isLoading: boolean
  isError: boolean
  onRetry: () => void
  /** The league's schedule nights, offered as suggestions for the date. */
  scheduleDates: string[]
}) {
  const id = useId()
  const add = useAddWeekOff()
  const remove = useDeleteWeekOff()
  const flash = useFlash()
  const [date, setDate] = useState('')
  const [reason, setReason] = useState(DEFAULT_REASON)
  const [dateError, setDateError] = useState<string | null>(null)
  // Stays until the next change: the admin needs to know those games are still there.
  const [note, setNote] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<WeekOff | null>(null)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setNote(null)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) {
      setDateError('Choose a date')
      return
    }
    setDateError(null)
    add.mutate(
      { season_id: seasonId, league_id: leagueId, date, reason: reason.trim() || DEFAULT_REASON },
      {
        onSuccess: ({ gamesOnDate }) => {
          flash.show('Week-off added')
          if (gamesOnDate > 0) {
            setNote(
              `${gamesOnDate === 1 ? '1 game is' : `${gamesOnDate} games are`} already on ${formatNightDate(date)}: ${gamesOnDate === 1 ? 'it stays' : 'they stay'} until the schedule is regenerated.`,
            )
          }
          setDate('')
          setReason(DEFAULT_REASON)
        },
      },
    )
  }

  let list: React.ReactNode
  if (isLoading) list = <Loading text="Loading week-offs..." />
  else if (isError) list = <ErrorState message="Week-offs could not be loaded." onRetry={onRetry} />
  else if (!weekOffs || weekOffs.length === 0) list = <EmptyState>No week-offs for this league.</EmptyState>
  else
    list = (
      <ul className="week-off-list">
        {weekOffs.map((off) => (
          <li key={off.id}>
            <span>
              <strong>{formatNightDate(off.date)}</strong> · {off.reason || DEFAULT_REASON}
            </span>
            <button
              type="button"
              className="icon-button icon-danger"
              aria-label={`Delete week-off ${formatNightDate(off.date)}`}
              title="Delete"
              onClick={() => {
                remove.reset()
                setDeleting(off)
              }}
            >
              <TrashIcon />
            </button>
          </li>
        ))}
      </ul>
    )

  return (
    <div className="week-offs">
      <Flash message={flash.message} />
      {note ? (
        <p className="flash flash-info" role="status">
          {note}
        </p>
      ) : null}
      {list}
      <form className="week-off-form" onSubmit={submit} noValidate aria-label="Add week-off">
        <FormError>{add.isError && errorMessage(add.error, 'Failed to add week-off')}</FormError>
        <div className="field">
          <label htmlFor={`${id}-date`}>Week-off date</label>
          <input
            id={`${id}-date`}
            type="date"
            list={scheduleDates.length > 0 ? `${id}-dates` : undefined}
            value={date}
            aria-invalid={dateError || (add.error instanceof ApiError && add.error.fields?.date) ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
            onChange={(event) => setDate(event.target.value)}
          />
          {scheduleDates.length > 0 ? (
            <datalist id={`${id}-dates`}>
              {scheduleDates.map((d) => (
                <option key={d} value={d} />
              ))}
            </datalist>
          ) : null}
          <FieldError id={`${id}-date-error`}>{dateError}</FieldError>
        </div>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Reason</label>
          <input
            id={`${id}-reason`}
            value={reason}
            maxLength={120}
            placeholder={DEFAULT_REASON}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="field field-inline">
          <button type="submit" className="button" disabled={add.isPending}>
            {add.isPending ? 'Adding…' : 'Add Week-off'}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete week-off"
        message={<p>Delete the week-off on {deleting ? formatNightDate(deleting.date) : ''}?</p>}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Failed to delete week-off') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null)
              setNote(null)
              flash.show('Week-off deleted')
            },
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}
