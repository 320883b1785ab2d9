import { formatInTimeZone } from 'date-fns-tz'
import { useEffect, useId, useState } from 'react'
import { AUDIT_TABLES, type AuditTable, changedFields, entityName } from '../../../../worker/domain/audit'
import { LEAGUE_TIME_ZONE } from '../../../../worker/domain/time'
import { type Column, DataTable } from '../../components/data-table'
import { namedOption, OptionsField } from '../../components/select-field'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { type AuditEntry, useAuditPage, useOrganizationOptions } from './api'
import './audit-trail.css'

const PAGE_SIZE = 25
/** The kinds of record to filter by, in the order of their names. */
const KIND_OPTIONS = (Object.entries(AUDIT_TABLES) as [AuditTable, string][])
  .sort((a, b) => a[1].localeCompare(b[1]))
  .map(([name, label]) => ({ value: name, label }))
const ACTIONS: Record<AuditEntry['action'], string> = { insert: 'Created', update: 'Changed', delete: 'Deleted' }

/** A stored value as a person reads it. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value)
}

const fieldLabel = (field: string) => {
  const words = field.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry)
  if (changes.length === 0) return <span className="muted">—</span>
  return (
    <ul className="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="audit-field">{fieldLabel(change.field)}:</span>{' '}
          {entry.action === 'update' ? (
            <>
              <del>{shown(change.before)}</del> <span aria-hidden="true">→</span>
              <span className="visually-hidden">changed to</span> <ins>{shown(change.after)}</ins>
            </>
          ) : entry.action === 'insert' ? (
            <ins>{shown(change.after)}</ins>
          ) : (
            <del>{shown(change.before)}</del>
          )}
        </li>
      ))}
    </ul>
  )
}

/** Label shown before a cell's value when the table is laid out as cards on a phone. */
const Cell = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <>
    <span className="audit-cell-label" aria-hidden="true">
      {label}
    </span>
    {children}
  </>
)

/**
 * docs/reference/trust-and-security.md §8: the organization's audit trail for its owner (and a super admin, any organization's):
 * who changed what and when, with only the fields that changed, newest first.
 */
export function AuditTrailPage() {
  const { user } = useAuth()
  const zone = user?.organization?.timeZone ?? LEAGUE_TIME_ZONE
  const superAdmin = user?.role === 'super_admin'
  const id = useId()
  const [page, setPage] = useState(1)
  const [table, setTable] = useState('')
  const [organizationId, setOrganizationId] = useState<number | null>(null)
  const trail = useAuditPage({ page, pageSize: PAGE_SIZE, table, organizationId })
  const organizations = useOrganizationOptions(superAdmin)

  useEffect(() => {
    document.title = 'Audit Trail · Courtside'
  }, [])

  if (user && !superAdmin && user.role !== 'org_owner') {
    return (
      <section className="admin-page">
        <h1 className="page-title">Not authorized</h1>
        <p className="muted">Only the organization's owner can see its audit trail.</p>
      </section>
    )
  }

  const total = trail.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: 'When',
      className: 'cell-nowrap',
      render: (entry) => (
        <Cell label="When">
          {/* Decision: times in the organization's time zone (docs/decisions/2026-11-28-time-zones.md), like every other screen. */}
          <time dateTime={entry.at}>{formatInTimeZone(entry.at, zone, 'MMM d, yyyy h:mm:ss a')}</time>
        </Cell>
      ),
    },
    { key: 'who', header: 'Who', render: (entry) => <Cell label="Who">{entry.username}</Cell> },
    {
      key: 'action',
      header: 'Action',
      render: (entry) => (
        <Cell label="Action">
          <span className={`audit-action audit-action-${entry.action}`}>{ACTIONS[entry.action]}</span>
        </Cell>
      ),
    },
    { key: 'what', header: 'What', render: (entry) => <Cell label="What">{entityName(entry)}</Cell> },
    { key: 'changes', header: 'Changes', render: (entry) => <Cell label="Changes">{<Changes entry={entry} />}</Cell> },
  ]

  /** A filter's change, which starts the list again at its first page. */
  const firstPageOf = (set: (value: string) => void) => (value: string) => {
    set(value)
    setPage(1)
  }

  return (
    <section className="admin-page audit-trail">
      <div className="page-heading">
        <h1 className="page-title">Audit Trail</h1>
      </div>
      <p className="muted">Every change made in the dashboard: who made it, when, and what it changed.</p>
      <div className="filters">
        {superAdmin ? (
          <OptionsField
            id={`${id}-organization`}
            label="Organization"
            value={organizationId ?? ''}
            emptyOption="My organization"
            options={(organizations.data ?? []).map(namedOption)}
            onChange={firstPageOf((value) => setOrganizationId(value ? Number(value) : null))}
          />
        ) : null}
        <OptionsField
          id={`${id}-kind`}
          label="Kind of record"
          value={table}
          emptyOption="All records"
          options={KIND_OPTIONS}
          onChange={firstPageOf(setTable)}
        />
      </div>
      <div className="audit-table" aria-busy={trail.isFetching}>
        <DataTable
          caption="Audit trail, newest first"
          columns={columns}
          rows={trail.data?.auditLog}
          rowKey={(entry) => entry.id}
          isLoading={trail.isPending}
          loadingText="Loading audit trail..."
          error={trail.isError ? errorMessage(trail.error, 'The audit trail could not be loaded.') : null}
          onRetry={() => trail.refetch()}
          emptyText={table ? 'No changes to this kind of record yet.' : 'No changes recorded yet.'}
        />
      </div>
      {total > 0 ? (
        <nav className="audit-pager" aria-label="Audit trail pages">
          <button type="button" className="button button-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages} · {total} {total === 1 ? 'change' : 'changes'}
          </span>
          <button type="button" className="button button-small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </button>
        </nav>
      ) : null}
    </section>
  )
}
