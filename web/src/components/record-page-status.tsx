import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { isNotFound } from '../lib/api-client'
import { ErrorState, Loading } from './status'

interface RecordPageStatusProps {
  /** The record's query (not yet a success). */
  query: Pick<UseQueryResult, 'error' | 'isPending' | 'refetch'>
  /** The address names a record at all (a positive whole id). */
  validId: boolean
  /** The heading when there is no such record, and the link back to the list. */
  notFound: string
  back: { to: string; label: string }
  loading: string
  failed: string
}

/**
 * What an admin record page (a game, a player) shows until its record is here: not found with the
 * way back, loading, or the failure with Try again.
 */
export function RecordPageStatus({ query, validId, notFound, back, loading, failed }: RecordPageStatusProps) {
  if (!validId || isNotFound(query.error)) {
    return (
      <section className="admin-page">
        <h1 className="page-title">{notFound}</h1>
        <Link to={back.to}>{back.label}</Link>
      </section>
    )
  }
  return (
    <section className="admin-page">
      {query.isPending ? <Loading text={loading} /> : <ErrorState message={failed} onRetry={() => query.refetch()} />}
    </section>
  )
}
