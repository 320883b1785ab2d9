import { formatInTimeZone } from 'date-fns-tz'
import { useState } from 'react'
import { LEAGUE_TIME_ZONE } from '../../../worker/domain/time'
import { type ChangedBy, staleConflict } from '../lib/api-client'
import { useAuth } from '../lib/auth'
import { currentLanguage, t as translate, useRichT, useT } from '../lib/i18n'
import './lists.css'
import { Modal } from './modal'

/** One field (or box-score line) that someone else changed while this person was editing it. */
export interface ConflictRow {
  key: string
  label: string
  /** What this person entered. */
  mine: string
  /** What is saved now. */
  theirs: string
}

/**
 * The answer to a 409 from a stale copy (docs/api-concurrency.md): who changed what, and for each
 * field whether to keep one's own value or take the saved one. Nothing is overwritten without a
 * choice: every field starts on the saved value.
 */
export function ConflictDialog({
  open,
  message,
  changedBy,
  rows,
  busy,
  onResolve,
  onClose,
}: {
  open: boolean
  message: string
  changedBy: ChangedBy | null
  rows: ConflictRow[]
  busy?: boolean
  /** Called with the keys whose own value is kept; the rest take the saved value. */
  onResolve: (keepMine: Set<string>) => void
  onClose: () => void
}) {
  const t = useT()
  const richT = useRichT()
  const [keep, setKeep] = useState<Set<string>>(new Set())
  // When the other save happened, on the organization's clock like the audit trail, not on the
  // clock of the browser reading it (docs/decisions/2026-11-28-time-zones.md).
  const zone = useAuth().user?.organization?.timeZone ?? LEAGUE_TIME_ZONE
  const choose = (key: string, mine: boolean) =>
    setKeep((current) => {
      const next = new Set(current)
      if (mine) next.add(key)
      else next.delete(key)
      return next
    })
  const when = changedBy ? new Date(changedBy.at) : null
  return (
    <Modal
      open={open}
      title={t('conflict.title')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          <button type="button" className="button" onClick={() => onResolve(new Set())} disabled={busy}>
            {t('conflict.useSaved')}
          </button>
          <button type="button" className="button button-primary" onClick={() => onResolve(keep)} disabled={busy}>
            {busy ? t('common.saving') : t('conflict.saveMine')}
          </button>
        </>
      }
    >
      <p role="alert">{message}</p>
      {changedBy && when && !Number.isNaN(when.getTime()) ? (
        <p className="muted">
          {richT('conflict.changedBy', {
            user: changedBy.username,
            at: savedAt(when, zone),
            strong: (chunks) => <strong>{chunks}</strong>,
          })}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <table className="conflict-table">
          <thead>
            <tr>
              <th scope="col">{t('conflict.field')}</th>
              <th scope="col">{t('conflict.savedNow')}</th>
              <th scope="col">{t('conflict.yours')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>
                  <label>
                    <input
                      type="radio"
                      name={`conflict-${row.key}`}
                      checked={!keep.has(row.key)}
                      onChange={() => choose(row.key, false)}
                    />{' '}
                    {row.theirs || '—'}
                  </label>
                </td>
                <td>
                  <label>
                    <input
                      type="radio"
                      name={`conflict-${row.key}`}
                      checked={keep.has(row.key)}
                      onChange={() => choose(row.key, true)}
                    />{' '}
                    {row.mine || '—'}
                  </label>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Modal>
  )
}

/** When the other save happened, on the organization's clock, as the page's language writes a moment. */
function savedAt(when: Date, zone: string): string {
  const language = currentLanguage()
  if (language === 'en') return formatInTimeZone(when, zone, 'MMM d, yyyy h:mm:ss a')
  return new Intl.DateTimeFormat(language, { timeZone: zone, dateStyle: 'medium', timeStyle: 'medium' }).format(when)
}

const shown = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'boolean'
      ? value
        ? translate('common.yes')
        : translate('common.no')
      : Array.isArray(value)
        ? value.join(', ')
        : String(value)

/** A refused save waiting for the person's choice, and how to send it again with that choice. */
export interface PendingConflict {
  message: string
  changedBy: ChangedBy | null
  rows: ConflictRow[]
  resend: (keepMine: Set<string>) => void
}

/** The dialog for a pending conflict (none: closed); `onDone` after a choice is sent or on Cancel. */
export function PendingConflictDialog({
  conflict,
  busy,
  onDone,
}: {
  conflict: PendingConflict | null
  busy?: boolean
  onDone: () => void
}) {
  return (
    <ConflictDialog
      key={conflict?.message ?? 'none'}
      open={conflict !== null}
      message={conflict?.message ?? ''}
      changedBy={conflict?.changedBy ?? null}
      rows={conflict?.rows ?? []}
      busy={busy}
      onResolve={(keep) => {
        conflict?.resend(keep)
        onDone()
      }}
      onClose={onDone}
    />
  )
}

/**
 * The per-field conflict dialog for a form (docs/api-concurrency.md): `offer` takes a failed save's
 * error; when it is a 409 from a stale copy it shows, for each field whose saved value differs from
 * what was sent, the two values, and re-sends the chosen ones with the current version. Returns
 * false for any other error, which the form shows as usual.
 */
export function useFieldConflict<T extends object>() {
  const [conflict, setConflict] = useState<PendingConflict | null>(null)
  const offer = (
    error: unknown,
    mine: T,
    labels: Partial<Record<keyof T & string, string>>,
    resend: (merged: T, version: number) => void,
    /** How a field's value reads on screen (a league id as its name…); default: as text. */
    format: (key: string, value: unknown) => string = (_key, value) => shown(value),
  ): boolean => {
    const stale = staleConflict<Record<string, unknown>>(error)
    if (!stale?.current) return false
    const current = stale.current
    const sent = mine as Record<string, unknown>
    const keys = (Object.keys(labels) as (keyof T & string)[]).filter(
      (key) => key in sent && JSON.stringify(sent[key] ?? null) !== JSON.stringify(current[key] ?? null),
    )
    setConflict({
      message: stale.message,
      changedBy: stale.changedBy,
      rows: keys.map((key) => ({
        key,
        label: labels[key] ?? key,
        mine: format(key, sent[key]),
        theirs: format(key, current[key]),
      })),
      resend: (keepMine) => {
        const merged: Record<string, unknown> = { ...sent }
        for (const key of keys) if (!keepMine.has(key)) merged[key] = current[key]
        resend(merged as T, Number(current.version))
      },
    })
    return true
  }
  const dialog = <PendingConflictDialog conflict={conflict} onDone={() => setConflict(null)} />
  return { offer, dialog }
}
