import { Fragment, type KeyboardEvent, type ReactNode } from 'react'
import { EmptyState, ErrorState, Loading } from './status'

export interface Column<Row> {
  key: string
  header: ReactNode
  render: (row: Row) => ReactNode
  className?: string
}

type RowKey<Row> = (row: Row) => string | number

/** Rows with an id are keyed by it unless `rowKey` says otherwise; other rows need a `rowKey`. */
type RowKeyProp<Row> = [Row] extends [{ id: string | number }] ? { rowKey?: RowKey<Row> } : { rowKey: RowKey<Row> }

export type DataTableProps<Row> = RowKeyProp<Row> & {
  columns: Column<Row>[]
  rows: Row[] | undefined
  caption?: string
  isLoading?: boolean
  error?: string | null
  onRetry?: () => void
  emptyText: string
  loadingText?: string
  /** Makes rows clickable (and focusable; Enter or Space activates). */
  onRowClick?: (row: Row) => void
  /** Rows that show an extra full-width row below them. */
  isExpanded?: (row: Row) => boolean
  renderExpanded?: (row: Row) => ReactNode
  rowLabel?: (row: Row) => string
}

const byId = (row: unknown) => (row as { id: string | number }).id

/** The one table: loading, error and empty states, optional clickable and expandable rows. */
export function DataTable<Row>({
  columns,
  rows,
  rowKey = byId,
  caption,
  isLoading,
  error,
  onRetry,
  emptyText,
  loadingText,
  onRowClick,
  isExpanded,
  renderExpanded,
  rowLabel,
}: DataTableProps<Row>) {
  if (isLoading) return <Loading text={loadingText} />
  if (error) return <ErrorState message={error} onRetry={onRetry} />
  if (!rows || rows.length === 0) return <EmptyState>{emptyText}</EmptyState>

  const activate = (row: Row) => (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      onRowClick?.(row)
    }
  }

  return (
    <div className="table-scroll">
      {/* Rows that expand carry aria-expanded, which ARIA allows on a treegrid's rows, not a table's
          (docs/decisions/2026-11-28-expandable-rows-treegrid.md). */}
      <table className="data-table" role={renderExpanded ? 'treegrid' : undefined}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const expanded = isExpanded?.(row) ?? false
            return (
              <Fragment key={rowKey(row)}>
                <tr
                  className={`${onRowClick ? 'row-clickable' : ''}${expanded ? ' row-expanded' : ''}`}
                  tabIndex={onRowClick ? 0 : undefined}
                  aria-expanded={renderExpanded ? expanded : undefined}
                  aria-label={onRowClick && rowLabel ? rowLabel(row) : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? activate(row) : undefined}
                >
                  {columns.map((column) => (
                    <td key={column.key} className={column.className}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
                {expanded && renderExpanded ? (
                  <tr className="row-detail">
                    <td colSpan={columns.length}>{renderExpanded(row)}</td>
                  </tr>
                ) : null}
              </Fragment>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
