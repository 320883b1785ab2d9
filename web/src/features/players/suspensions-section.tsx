import { type FormEvent, useId, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Field } from '../../components/field'
import { Flash, useFlash } from '../../components/flash'
import { ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { formatDate } from '../../lib/format'
import { useT } from '../../lib/i18n'
import { type Suspension, usePlayerSuspensions, useSuspensionWrites } from './suspensions-api'

const REASON_MAX = 500
const day = (value: string) => formatDate(value, 'UTC', 'short')

/** "Suspended until 12 Jan 2027 — reason", "Suspended until lifted — reason". */
function suspensionText(t: ReturnType<typeof useT>, s: Suspension): string {
  const text = s.until ? t('admin.suspensions.until', { date: day(s.until) }) : t('admin.suspensions.untilLifted')
  return s.reason ? t('admin.suspensions.withReason', { text, reason: s.reason }) : text
}

/** How a past suspension ended: lifted (and when), or ran its course. */
function endedText(t: ReturnType<typeof useT>, s: Suspension): string {
  if (s.active) return t('admin.suspensions.inForce')
  if (s.liftedAt) return t('admin.suspensions.liftedOn', { date: formatDate(s.liftedAt, 'UTC', 'short') })
  return t('admin.suspensions.ended')
}

/**
 * The staff player page's suspensions (docs/registration.md "Suspensions"): the status in force, a
 * form to suspend until a day or until lifted with a reason, lifting with a confirmation, and the
 * history (a lifted suspension stays, docs/decisions/2026-11-29-suspensions-lifted-not-deleted.md).
 */
export function SuspensionsSection({ playerId, name }: { playerId: number; name: string }) {
  const t = useT()
  const id = useId()
  const flash = useFlash()
  const query = usePlayerSuspensions(playerId)
  const { suspend, lift } = useSuspensionWrites(playerId)
  const [openEnded, setOpenEnded] = useState(false)
  const [until, setUntil] = useState('')
  const [reason, setReason] = useState('')
  const [local, setLocal] = useState<Record<string, string>>({})
  const [lifting, setLifting] = useState<Suspension | null>(null)
  const server = suspend.error instanceof ApiError ? suspend.error.fields : undefined
  const problem = (key: string) => local[key] ?? server?.[key]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const errors: Record<string, string> = {}
    if (!openEnded && !until) errors.until = t('admin.suspensions.untilRequired')
    if (!reason.trim()) errors.reason = t('admin.suspensions.reasonRequired')
    setLocal(errors)
    if (Object.keys(errors).length > 0) return
    suspend.mutate(
      { until: openEnded ? null : until, reason: reason.trim() },
      {
        onSuccess: () => {
          setUntil('')
          setReason('')
          setOpenEnded(false)
          flash.show(t('admin.suspensions.added', { name }))
        },
      },
    )
  }

  return (
    <section aria-labelledby={`${id}-title`} className="card player-suspensions">
      <h2 id={`${id}-title`} className="section-title">
        {t('admin.suspensions.title')}
      </h2>
      <Flash message={flash.message} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error, t('admin.suspensions.loadError'))} onRetry={() => query.refetch()} />
      ) : (
        <>
          {query.data.current ? (
            <div className="player-suspension-current">
              <p>
                <span className="suspended-badge">{t('admin.suspensions.badge')}</span> {suspensionText(t, query.data.current)}
              </p>
              <button
                type="button"
                className="button button-danger"
                onClick={() => {
                  lift.reset()
                  setLifting(query.data.current)
                }}
              >
                {t('admin.suspensions.lift')}
              </button>
            </div>
          ) : (
            <p className="muted">{t('admin.suspensions.none')}</p>
          )}

          <form className="player-suspension-form" onSubmit={submit} noValidate>
            <h3 className="player-suspension-subtitle">{t('admin.suspensions.addTitle')}</h3>
            {suspend.isError && !server ? (
              <p className="form-error" role="alert">
                {errorMessage(suspend.error, t('admin.suspensions.saveError'))}
              </p>
            ) : null}
            <fieldset className="player-suspension-length">
              <legend>{t('admin.suspensions.length')}</legend>
              <label className="checkbox" htmlFor={`${id}-dated`}>
                <input
                  id={`${id}-dated`}
                  type="radio"
                  name={`${id}-length`}
                  checked={!openEnded}
                  onChange={() => setOpenEnded(false)}
                />
                {t('admin.suspensions.untilDate')}
              </label>
              <label className="checkbox" htmlFor={`${id}-open`}>
                <input
                  id={`${id}-open`}
                  type="radio"
                  name={`${id}-length`}
                  checked={openEnded}
                  onChange={() => setOpenEnded(true)}
                />
                {t('admin.suspensions.untilLiftedChoice')}
              </label>
            </fieldset>
            {!openEnded ? (
              <Field
                id={`${id}-until`}
                label={t('admin.suspensions.lastDay')}
                error={problem('until')}
                errorId={`${id}-until-error`}
              >
                <input
                  id={`${id}-until`}
                  type="date"
                  value={until}
                  aria-invalid={problem('until') ? true : undefined}
                  aria-describedby={problem('until') ? `${id}-until-error` : undefined}
                  onChange={(event) => setUntil(event.target.value)}
                />
              </Field>
            ) : null}
            <Field
              id={`${id}-reason`}
              label={t('admin.suspensions.reason')}
              error={problem('reason')}
              errorId={`${id}-reason-error`}
            >
              <textarea
                id={`${id}-reason`}
                value={reason}
                maxLength={REASON_MAX}
                rows={2}
                aria-invalid={problem('reason') ? true : undefined}
                aria-describedby={problem('reason') ? `${id}-reason-error` : undefined}
                onChange={(event) => setReason(event.target.value)}
              />
            </Field>
            <button type="submit" className="button button-primary" disabled={suspend.isPending}>
              {suspend.isPending ? t('common.saving') : t('admin.suspensions.add')}
            </button>
          </form>

          {query.data.suspensions.length > 0 ? (
            <>
              <h3 className="player-suspension-subtitle">{t('admin.suspensions.history')}</h3>
              <ul className="player-suspension-history">
                {query.data.suspensions.map((s) => (
                  <li key={s.id}>
                    {suspensionText(t, s)}{' '}
                    <span className="muted">
                      {t('admin.suspensions.since', { date: formatDate(s.createdAt, 'UTC', 'short') })} · {endedText(t, s)}
                    </span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
      <ConfirmDialog
        open={lifting !== null}
        title={t('admin.suspensions.liftTitle')}
        message={lifting ? t('admin.suspensions.liftQuestion', { name, text: suspensionText(t, lifting) }) : ''}
        confirmLabel={t('admin.suspensions.liftConfirm')}
        busy={lift.isPending}
        error={lift.isError ? errorMessage(lift.error, t('admin.suspensions.saveError')) : null}
        onCancel={() => setLifting(null)}
        onConfirm={() => {
          if (!lifting) return
          lift.mutate(lifting.id, {
            onSuccess: () => {
              setLifting(null)
              flash.show(t('admin.suspensions.lifted', { name }))
            },
          })
        }}
      />
    </section>
  )
}
