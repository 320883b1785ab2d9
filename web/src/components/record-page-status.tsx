import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { isNotFound } from '../lib/api-client'
import { useT } from '../lib/i18n'
import { AdminPageError, AdminPageLoading } from './admin-page-state'

/** The address names a record at all: a positive whole id. */
export const validRecordId = (id: number) => Number.isInteger(id) && id > 0

interface RecordPageStatusProps {
  /** The record's query (not yet a success). */
  query: Pick<UseQueryResult, 'error' | 'isPending' | 'refetch'>
  id: number
  /** What the record is, in lower case ("game"): "Game not found", "Loading game...". */
  noun: string
  /** The link back to the list, under "not found". */
  back: { to: string; label: string }
  /** The message when the record could not be loaded. */
  failed: string
}

/**
 * What an admin record page (a game, a player) shows until its record is here: not found with the
 * way back, loading, or the failure with Try again.
 */
export function RecordPageStatus({ query, id, noun, back, failed }: RecordPageStatusProps) {
  const t = useT()
  if (!validRecordId(id) || isNotFound(query.error)) {
    return (
      <section className="admin-page">
        <h1 className="page-title">{t('recordPage.notFound', { noun: `${noun.charAt(0).toUpperCase()}${noun.slice(1)}` })}</h1>
        <Link to={back.to}>{back.label}</Link>
      </section>
    )
  }
  return query.isPending ? (
    <AdminPageLoading text={t('recordPage.loading', { noun })} />
  ) : (
    <AdminPageError message={failed} onRetry={() => query.refetch()} />
  )
}
