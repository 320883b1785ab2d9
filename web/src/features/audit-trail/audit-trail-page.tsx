import { useId, useState } from 'react'
import { AUDIT_TABLES, type AuditTable, changedFields, entityName } from '../../../../worker/domain/audit'
import { LEAGUE_TIME_ZONE } from '../../../../worker/domain/time'
import { type Column, DataTable } from '../../components/data-table'
import { namedOption, OptionsField } from '../../components/select-field'
import { errorMessage } from '../../lib/api-client'
import { useAuth } from '../../lib/auth'
import { type Translate, useLanguage, useT } from '../../lib/i18n'
import { useAdminTitle } from '../../lib/use-admin-title'
import { type AuditEntry, useAuditPage, useOrganizationOptions } from './api'
import './audit-trail.css'
import { auditFieldLabel } from './field-label'

const PAGE_SIZE = 25
/** The kinds of record to filter by, in the order of their names in the page's language. */
const kindOptions = (t: Translate, language: string) =>
  (Object.keys(AUDIT_TABLES) as AuditTable[])
    .map((name) => ({ value: name, label: t('admin.audit.table', { table: name }) }))
    .sort((a, b) => a.label.localeCompare(b.label, language))
const ACTIONS: Record<AuditEntry['action'], string> = {
  insert: 'admin.audit.created',
  update: 'admin.audit.changed',
  delete: 'admin.audit.deleted',
}

/**
 * The changed row's name in the page's language: its kind from the catalog, then its own name or id
 * as worker/domain/audit.ts entityName finds it (after its English kind and a space).
 */
function entityLabel(entry: AuditEntry, t: Translate): string {
  const english = AUDIT_TABLES[entry.tableName as AuditTable] ?? entry.tableName
  const name = entityName(entry).slice(english.length + 1)
  return t('admin.audit.entity', { kind: t('admin.audit.table', { table: entry.tableName }), name })
}

/** A stored value as a person reads it. */
function shown(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'string') return value
  if (typeof value === 'boolean') return value ? t('admin.audit.yes') : t('admin.audit.no')
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value)
}

function Changes({ entry }: { entry: AuditEntry }) {
  const t = useT()
  const changes = changedFields(entry)
  if (changes.length === 0) return <span className="muted">—</span>
  return (
    <ul className="audit-changes">
      {changes.map((change) => (
        <li key={change.field}>
          {/* The stored column's own name stays at hand for staff, as the label's tooltip. */}
          <span className="audit-field" title={change.field}>
            {t('admin.audit.field', { field: auditFieldLabel(change.field, t) })}
          </span>{' '}
          {entry.action === 'update' ? (
            <>
              <del>{shown(change.before, t)}</del> <span aria-hidden="true">→</span>
              <span className="visually-hidden">{t('admin.audit.changedTo')}</span> <ins>{shown(change.after, t)}</ins>
            </>
          ) : entry.action === 'insert' ? (
            <ins>{shown(change.after, t)}</ins>
          ) : (
            <del>{shown(change.before, t)}</del>
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
  const t = useT()
  const language = useLanguage()
  const { user } = useAuth()
  const zone = user?.organization?.timeZone ?? LEAGUE_TIME_ZONE
  const superAdmin = user?.role === 'super_admin'
  const id = useId()
  const [page, setPage] = useState(1)
  const [table, setTable] = useState('')
  const [organizationId, setOrganizationId] = useState<number | null>(null)
  const trail = useAuditPage({ page, pageSize: PAGE_SIZE, table, organizationId })
  const organizations = useOrganizationOptions(superAdmin)

  useAdminTitle(t('admin.audit.title'))
  // Decision: times in the organization's time zone (docs/decisions/2026-11-28-time-zones.md), like every other screen, written the page's language's way.
  const when = new Intl.DateTimeFormat(language, { timeZone: zone, dateStyle: 'medium', timeStyle: 'medium' })

  if (user && !superAdmin && user.role !== 'org_owner') {
    return (
      <section className="admin-page">
        <h1 className="page-title">{t('admin.audit.notAuthorized')}</h1>
        <p className="muted">{t('admin.audit.ownerOnly')}</p>
      </section>
    )
  }

  const total = trail.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))
  const columns: Column<AuditEntry>[] = [
    {
      key: 'when',
      header: t('admin.audit.when'),
      className: 'cell-nowrap',
      render: (entry) => (
        <Cell label={t('admin.audit.when')}>
          <time dateTime={entry.at}>{when.format(new Date(entry.at))}</time>
        </Cell>
      ),
    },
    {
      key: 'who',
      header: t('admin.audit.who'),
      render: (entry) => <Cell label={t('admin.audit.who')}>{entry.username}</Cell>,
    },
    {
      key: 'action',
      header: t('admin.audit.action'),
      render: (entry) => (
        <Cell label={t('admin.audit.action')}>
          <span className={`audit-action audit-action-${entry.action}`}>{t(ACTIONS[entry.action])}</span>
        </Cell>
      ),
    },
    {
      key: 'what',
      header: t('admin.audit.what'),
      render: (entry) => <Cell label={t('admin.audit.what')}>{entityLabel(entry, t)}</Cell>,
    },
    {
      key: 'changes',
      header: t('admin.audit.changes'),
      render: (entry) => <Cell label={t('admin.audit.changes')}>{<Changes entry={entry} />}</Cell>,
    },
  ]

  /** A filter's change, which starts the list again at its first page. */
  const firstPageOf = (set: (value: string) => void) => (value: string) => {
    set(value)
    setPage(1)
  }

  return (
    <section className="admin-page audit-trail">
      <div className="page-heading">
        <h1 className="page-title">{t('admin.audit.title')}</h1>
      </div>
      <p className="muted">{t('admin.audit.intro')}</p>
      <div className="filters">
        {superAdmin ? (
          <OptionsField
            id={`${id}-organization`}
            label={t('admin.audit.organization')}
            value={organizationId ?? ''}
            emptyOption={t('admin.audit.myOrganization')}
            options={(organizations.data ?? []).map(namedOption)}
            onChange={firstPageOf((value) => setOrganizationId(value ? Number(value) : null))}
          />
        ) : null}
        <OptionsField
          id={`${id}-kind`}
          label={t('admin.audit.kind')}
          value={table}
          emptyOption={t('admin.audit.allRecords')}
          options={kindOptions(t, language)}
          onChange={firstPageOf(setTable)}
        />
      </div>
      <div className="audit-table" aria-busy={trail.isFetching}>
        <DataTable
          caption={t('admin.audit.caption')}
          columns={columns}
          rows={trail.data?.auditLog}
          rowKey={(entry) => entry.id}
          isLoading={trail.isPending}
          loadingText={t('admin.audit.loading')}
          error={trail.isError ? errorMessage(trail.error, t('admin.audit.loadFailed')) : null}
          onRetry={() => trail.refetch()}
          emptyText={table ? t('admin.audit.noneOfKind') : t('admin.audit.none')}
        />
      </div>
      {total > 0 ? (
        <nav className="audit-pager" aria-label={t('admin.audit.pages')}>
          <button type="button" className="button button-small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('admin.audit.previous')}
          </button>
          <span>{t('admin.audit.pageOf', { page, pages, total })}</span>
          <button type="button" className="button button-small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('admin.audit.next')}
          </button>
        </nav>
      ) : null}
    </section>
  )
}
