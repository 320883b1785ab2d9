import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { ErrorState, Loading } from '../../components/status'
import { ApiError, api, errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'

import type { RecordSettings as Settings } from './api'

const KEY = ['record-book-settings'] as const

/**
 * The record book's qualification minimums (docs/records.md): games for per-game averages,
 * attempts for percentages. A stale copy is refused (409) and the current values are shown.
 */
export function RecordBookSettings() {
  const t = useT()
  const client = useQueryClient()
  const settings = useQuery({ queryKey: KEY, queryFn: () => api.get<{ settings: Settings }>('/api/records/settings') })
  const [games, setGames] = useState('')
  const [attempts, setAttempts] = useState('')
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null)
  const headingId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  const { hash } = useLocation()
  // Opened as a section (the quick switcher's "Record book minimums", layouts/admin-nav.ts): show it and move focus to it.
  useEffect(() => {
    if (hash !== '#record-book') return
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [hash])
  const current = settings.data?.settings
  useEffect(() => {
    if (current) {
      setGames(String(current.minGames))
      setAttempts(String(current.minAttempts))
    }
  }, [current])
  const save = useMutation({
    mutationFn: (body: { minGames: string; minAttempts: string; version?: number }) =>
      api.put<{ settings: Settings }>('/api/records/settings', body),
    onSuccess: (answer) => {
      client.setQueryData(KEY, answer)
      setMessage({ text: t('admin.statsSettings.minimumsSaved'), error: false })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: KEY })
      setMessage({ text: errorMessage(error, t('admin.statsSettings.minimumsFailed')), error: true })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setMessage(null)
    save.mutate({ minGames: games, minAttempts: attempts, version: current?.version })
  }
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {}
  return (
    <section className="settings-card" aria-labelledby={headingId} id="record-book">
      <h2 id={headingId} className="section-title" tabIndex={-1} ref={heading}>
        {t('admin.statsSettings.recordBook')}
      </h2>
      <p className="settings-hint">{t('admin.statsSettings.recordBookHint')}</p>
      {settings.isPending ? (
        <Loading text={t('admin.statsSettings.recordLoading')} />
      ) : settings.isError ? (
        <ErrorState message={t('admin.statsSettings.recordFailed')} onRetry={() => settings.refetch()} />
      ) : (
        <form className="record-settings" onSubmit={submit} noValidate>
          <label>
            {t('admin.statsSettings.minGames')}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              name="minGames"
              value={games}
              aria-invalid={Boolean(fields.minGames)}
              onChange={(e) => setGames(e.target.value)}
            />
            {fields.minGames && <span className="field-error">{fields.minGames}</span>}
          </label>
          <label>
            {t('admin.statsSettings.minAttempts')}
            <input
              type="number"
              inputMode="numeric"
              min={1}
              name="minAttempts"
              value={attempts}
              aria-invalid={Boolean(fields.minAttempts)}
              onChange={(e) => setAttempts(e.target.value)}
            />
            {fields.minAttempts && <span className="field-error">{fields.minAttempts}</span>}
          </label>
          <button type="submit" className="button button-primary" disabled={save.isPending}>
            {save.isPending ? t('admin.statsSettings.saving') : t('admin.statsSettings.saveMinimums')}
          </button>
          {message && (
            <p role={message.error ? 'alert' : 'status'} className={message.error ? 'field-error' : 'muted'}>
              {message.text}
            </p>
          )}
        </form>
      )}
    </section>
  )
}
