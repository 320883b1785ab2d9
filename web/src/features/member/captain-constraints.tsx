import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { CaptainTeamConstraints, RequestKind } from '../../../../worker/contract/team-constraints'
import { useSite } from '../../app/site-context'
import { FieldError } from '../../components/form-modal'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, api, errorMessage } from '../../lib/api-client'
import { formatDate, gameTime } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { withTenant } from './tenant-query'

type Saved = CaptainTeamConstraints['constraints']
type BlackoutIn = { date: string; reason: string }
type RequestIn = { kind: RequestKind; time: string | null; venueId: number | null; reason: string }
interface Body {
  blackouts: BlackoutIn[]
  requests: RequestIn[]
}

const KINDS: readonly RequestKind[] = ['earliestStart', 'latestStart', 'preferredVenue', 'oneGameANight']
const bodyOf = (set: Saved): Body => ({
  blackouts: set.blackouts.map((b) => ({ date: b.date, reason: b.reason })),
  requests: set.requests.map((r) => ({ kind: r.kind, time: r.time, venueId: r.venueId, reason: r.reason })),
})

/**
 * docs/venues.md "Team constraints": the captain's dates the team cannot play (hard) and its requests
 * (soft), each with its reason. The set is saved whole with the version read; removing one saves at
 * once and offers Undo (docs/decisions/2026-11-29-captain-constraints-screen.md).
 */
export function CaptainConstraints({ sltId }: { sltId: number }) {
  const t = useT()
  const id = useId()
  const { tenant, organization } = useSite()
  const queryClient = useQueryClient()
  const key = ['member', 'team', sltId, 'constraints']
  const path = withTenant(`/api/member/teams/${sltId}/constraints`, tenant)
  const read = useQuery({ queryKey: key, queryFn: () => api.get<CaptainTeamConstraints>(path), retry: false })
  const [done, setDone] = useState<{ text: string; undo: Body | null } | null>(null)
  const save = useMutation({
    mutationFn: (body: Body & { version: number }) => api.put<{ constraints: Saved }>(path, body),
    onSuccess: (answer) =>
      queryClient.setQueryData<CaptainTeamConstraints>(key, (old) => (old ? { ...old, constraints: answer.constraints } : old)),
    onError: (error) => {
      // Changed meanwhile (by staff or another captain): show the current set; the message says so.
      if (error instanceof ApiError && error.status === 409) queryClient.invalidateQueries({ queryKey: key })
    },
  })

  if (read.isPending) return <Loading text={t('memberConstraints.loading')} />
  if (read.isError)
    return (
      <section className="member-section">
        <ErrorState message={errorMessage(read.error, t('memberConstraints.loadFailed'))} onRetry={() => read.refetch()} />
      </section>
    )
  const { constraints: set, venues, scheduled } = read.data
  const current = bodyOf(set)
  const write = (body: Body, after: { text: string; undo: Body | null }, onSaved?: () => void) => {
    setDone(null)
    save.mutate(
      { ...body, version: set.version },
      {
        onSuccess: () => {
          setDone(after)
          onSaved?.()
        },
      },
    )
  }
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {}
  const newBlackout = `blackouts.${current.blackouts.length}`
  const newRequest = `requests.${current.requests.length}`
  const fieldOf = (prefix: string, name: string) => fields[`${prefix}.${name}`]
  const otherError =
    save.isError && !Object.keys(fields).some((f) => f.startsWith(`${newBlackout}.`) || f.startsWith(`${newRequest}.`))

  const requestText = (r: Saved['requests'][number]) =>
    r.kind === 'preferredVenue'
      ? t('memberConstraints.line.preferredVenue', { venue: r.venue ?? '' })
      : r.kind === 'oneGameANight'
        ? t('memberConstraints.line.oneGameANight')
        : t(`memberConstraints.line.${r.kind}`, { time: gameTime(r.time) })

  return (
    <section className="member-section" aria-labelledby={`${id}-title`}>
      <h2 className="section-title" id={`${id}-title`}>
        {t('memberConstraints.title')}
      </h2>
      <p className="muted">{t('memberConstraints.help')}</p>
      {scheduled ? <p className="member-note">{t('memberConstraints.scheduled')}</p> : null}

      <h3 className="member-subtitle">{t('memberConstraints.blackouts')}</h3>
      {set.blackouts.length === 0 ? (
        <EmptyState>{t('memberConstraints.noBlackouts')}</EmptyState>
      ) : (
        <ul className="member-list">
          {set.blackouts.map((b, i) => {
            const date = formatDate(b.date, organization.timeZone)
            return (
              <li key={b.id} className="member-row">
                <span className="member-name">
                  {date} — {b.reason}
                </span>
                <button
                  type="button"
                  className="button button-small"
                  disabled={save.isPending}
                  aria-label={t('memberConstraints.removeNamed', { what: date })}
                  onClick={() =>
                    write(
                      { ...current, blackouts: current.blackouts.filter((_, j) => j !== i) },
                      { text: t('memberConstraints.removed', { what: date }), undo: current },
                    )
                  }
                >
                  {t('memberConstraints.remove')}
                </button>
              </li>
            )
          })}
        </ul>
      )}

      <h3 className="member-subtitle">{t('memberConstraints.requests')}</h3>
      {set.requests.length === 0 ? (
        <EmptyState>{t('memberConstraints.noRequests')}</EmptyState>
      ) : (
        <ul className="member-list">
          {set.requests.map((r, i) => {
            const what = requestText(r)
            return (
              <li key={r.id} className="member-row">
                <span className="member-name">
                  {what} — {r.reason}
                </span>
                <button
                  type="button"
                  className="button button-small"
                  disabled={save.isPending}
                  aria-label={t('memberConstraints.removeNamed', { what })}
                  onClick={() =>
                    write(
                      { ...current, requests: current.requests.filter((_, j) => j !== i) },
                      { text: t('memberConstraints.removed', { what }), undo: current },
                    )
                  }
                >
                  {t('memberConstraints.remove')}
                </button>
              </li>
            )
          })}
        </ul>
      )}

      {done ? (
        <p className="flash member-done" role="status">
          {done.text}{' '}
          {done.undo ? (
            <button
              type="button"
              className="button button-small"
              disabled={save.isPending}
              onClick={() => done.undo && write(done.undo, { text: t('memberConstraints.restored'), undo: null })}
            >
              {t('memberConstraints.undo')}
            </button>
          ) : null}
        </p>
      ) : null}
      {otherError ? (
        <p className="flash flash-error" role="alert">
          {errorMessage(save.error, t('memberConstraints.saveFailed'))}
        </p>
      ) : null}

      <BlackoutForm
        busy={save.isPending}
        error={(name) => fieldOf(newBlackout, name)}
        onAdd={(b, reset) =>
          write({ ...current, blackouts: [...current.blackouts, b] }, { text: t('memberConstraints.added'), undo: null }, reset)
        }
      />
      <RequestForm
        busy={save.isPending}
        venues={venues}
        error={(name) => fieldOf(newRequest, name)}
        onAdd={(r, reset) =>
          write({ ...current, requests: [...current.requests, r] }, { text: t('memberConstraints.added'), undo: null }, reset)
        }
      />
    </section>
  )
}

function ReasonField({ id, value, set, error }: { id: string; value: string; set: (v: string) => void; error?: string }) {
  const t = useT()
  return (
    <div className="field">
      <label htmlFor={id}>{t('memberConstraints.reason')}</label>
      <input
        id={id}
        value={value}
        required
        maxLength={200}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  )
}

function BlackoutForm({
  busy,
  error,
  onAdd,
}: {
  busy: boolean
  error: (name: string) => string | undefined
  onAdd: (b: BlackoutIn, reset: () => void) => void
}) {
  const t = useT()
  const id = useId()
  const [date, setDate] = useState('')
  const [reason, setReason] = useState('')
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onAdd({ date, reason: reason.trim() }, () => {
      setDate('')
      setReason('')
    })
  }
  return (
    <form className="member-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 className="member-subtitle" id={`${id}-title`}>
        {t('memberConstraints.addBlackout')}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-date`}>{t('memberConstraints.date')}</label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          required
          aria-invalid={error('date') ? true : undefined}
          aria-describedby={error('date') ? `${id}-date-error` : undefined}
          onChange={(event) => setDate(event.target.value)}
        />
        <FieldError id={`${id}-date-error`}>{error('date')}</FieldError>
      </div>
      <ReasonField id={`${id}-reason`} value={reason} set={setReason} error={error('reason')} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('memberConstraints.addBlackoutButton')}
      </button>
    </form>
  )
}

function RequestForm({
  busy,
  venues,
  error,
  onAdd,
}: {
  busy: boolean
  venues: CaptainTeamConstraints['venues']
  error: (name: string) => string | undefined
  onAdd: (r: RequestIn, reset: () => void) => void
}) {
  const t = useT()
  const id = useId()
  const [kind, setKind] = useState<RequestKind>('earliestStart')
  const [time, setTime] = useState('')
  const [venueId, setVenueId] = useState('')
  const [reason, setReason] = useState('')
  const timed = kind === 'earliestStart' || kind === 'latestStart'
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onAdd(
      {
        kind,
        time: timed ? time : null,
        venueId: kind === 'preferredVenue' && venueId ? Number(venueId) : null,
        reason: reason.trim(),
      },
      () => {
        setTime('')
        setVenueId('')
        setReason('')
      },
    )
  }
  return (
    <form className="member-form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 className="member-subtitle" id={`${id}-title`}>
        {t('memberConstraints.addRequest')}
      </h3>
      <div className="field">
        <label htmlFor={`${id}-kind`}>{t('memberConstraints.kind')}</label>
        <select id={`${id}-kind`} value={kind} onChange={(event) => setKind(event.target.value as RequestKind)}>
          {KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`memberConstraints.kinds.${k}`)}
            </option>
          ))}
        </select>
      </div>
      {timed ? (
        <div className="field">
          <label htmlFor={`${id}-time`}>{t('memberConstraints.time')}</label>
          <input
            id={`${id}-time`}
            type="time"
            value={time}
            required
            aria-invalid={error('time') ? true : undefined}
            aria-describedby={error('time') ? `${id}-time-error` : undefined}
            onChange={(event) => setTime(event.target.value)}
          />
          <FieldError id={`${id}-time-error`}>{error('time')}</FieldError>
        </div>
      ) : null}
      {kind === 'preferredVenue' ? (
        <div className="field">
          <label htmlFor={`${id}-venue`}>{t('memberConstraints.venue')}</label>
          <select
            id={`${id}-venue`}
            value={venueId}
            required
            aria-invalid={error('venueId') ? true : undefined}
            aria-describedby={error('venueId') ? `${id}-venue-error` : undefined}
            onChange={(event) => setVenueId(event.target.value)}
          >
            <option value="">{t('memberConstraints.chooseVenue')}</option>
            {venues.map((v) => (
              <option key={v.id} value={String(v.id)}>
                {v.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-venue-error`}>{error('venueId')}</FieldError>
        </div>
      ) : null}
      <ReasonField id={`${id}-reason`} value={reason} set={setReason} error={error('reason')} />
      <button type="submit" className="button button-primary" disabled={busy}>
        {t('memberConstraints.addRequestButton')}
      </button>
    </form>
  )
}
