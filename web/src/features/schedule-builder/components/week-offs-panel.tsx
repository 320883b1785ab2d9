import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '../../../components/confirm-dialog'
import { Flash, useFlash } from '../../../components/flash'
import { FieldError, FormError } from '../../../components/form-modal'
import { TrashIcon } from '../../../components/icons'
import { EmptyState, ErrorState, Loading } from '../../../components/status'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { useAddWeekOff, useDeleteWeekOff, type WeekOff } from '../api'
import { formatNightDate } from '../schedule-grid-rows'

// docs/reference/league-admin.md §3, Schedule screen: a week-off's reason defaults to Off Week.

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
  const t = useT()
  // A new week-off's reason, in the user's words (saved as data, shown on the public schedule).
  const DEFAULT_REASON = t('admin.sb.offWeek')
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
      setDateError(t('admin.sb.chooseDate'))
      return
    }
    setDateError(null)
    add.mutate(
      { season_id: seasonId, league_id: leagueId, date, reason: reason.trim() || DEFAULT_REASON },
      {
        onSuccess: ({ gamesOnDate }) => {
          flash.show(t('admin.sb.weekOffAdded'))
          if (gamesOnDate > 0) {
            setNote(t('admin.sb.weekOffGames', { count: gamesOnDate, date: formatNightDate(date) }))
          }
          setDate('')
          setReason(DEFAULT_REASON)
        },
      },
    )
  }

  let list: React.ReactNode
  if (isLoading) list = <Loading text={t('admin.sb.loadingWeekOffs')} />
  else if (isError) list = <ErrorState message={t('admin.sb.weekOffsError')} onRetry={onRetry} />
  else if (!weekOffs || weekOffs.length === 0) list = <EmptyState>{t('admin.sb.noWeekOffs')}</EmptyState>
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
              aria-label={t('admin.sb.deleteWeekOffNamed', { date: formatNightDate(off.date) })}
              title={t('admin.common.delete')}
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
      <form className="week-off-form" onSubmit={submit} noValidate aria-label={t('admin.sb.addWeekOffLabel')}>
        <FormError>{add.isError && errorMessage(add.error, t('admin.sb.addWeekOffFailed'))}</FormError>
        <div className="field">
          <label htmlFor={`${id}-date`}>{t('admin.sb.weekOffDate')}</label>
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
          <label htmlFor={`${id}-reason`}>{t('admin.sb.reason')}</label>
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
            {add.isPending ? t('admin.sb.adding') : t('admin.sb.addWeekOff')}
          </button>
        </div>
      </form>

      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.sb.deleteWeekOff')}
        message={<p>{t('admin.sb.deleteWeekOffQuestion', { date: deleting ? formatNightDate(deleting.date) : '' })}</p>}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('admin.sb.deleteWeekOffFailed')) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null)
              setNote(null)
              flash.show(t('admin.sb.weekOffDeleted'))
            },
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}
