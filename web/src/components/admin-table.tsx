// The pieces the admin lists share (docs/reference/league-admin.md): the heading with its toolbar,
// the select and edit columns of a bulk-action table, the Active tick, and asking before a bulk delete.
import type { ReactNode } from 'react'
import { t } from '../lib/i18n'
import { failureOf } from '../lib/query-status'
import type { Column } from './data-table'
import { EditIcon, TrashIcon } from './icons'
import { RowCheckbox, SelectAllCheckbox, type Selection } from './selection'

/**
 * A page's title, and its buttons in a toolbar beside it: the add button (`addLabel`, `onAdd`),
 * any `children`, then Delete Selected (`onDeleteSelected`).
 */
export function PageHeading({
  title,
  addLabel,
  onAdd,
  onDeleteSelected,
  children,
}: {
  title: ReactNode
  addLabel?: string
  onAdd?: () => void
  onDeleteSelected?: () => void
  children?: ReactNode
}) {
  const add = addLabel ? (
    <button type="button" className="button button-primary" onClick={onAdd}>
      {addLabel}
    </button>
  ) : null
  return (
    <div className="page-heading">
      <h1 className="page-title">{title}</h1>
      {add || children || onDeleteSelected ? (
        <div className="toolbar">
          {add}
          {children}
          {onDeleteSelected ? <DeleteSelectedButton onClick={onDeleteSelected} /> : null}
        </div>
      ) : null}
    </div>
  )
}

/** The toolbar button that asks to delete the rows ticked in the select column. */
export function DeleteSelectedButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" className="button" onClick={onClick}>
      <TrashIcon /> {t('common.deleteSelected')}
    </button>
  )
}

/** A row's edit button: an icon with the row's name in its label. */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="icon-button" aria-label={label} title={t('common.edit')} onClick={onClick}>
      <EditIcon />
    </button>
  )
}

/** The first column: a box to tick every row in the header, one a row. */
export function selectColumn<Row extends { id: Id }, Id extends string | number>(
  selection: Selection<Id>,
  allLabel: string,
  rowLabel: (row: Row) => string,
): Column<Row> {
  return {
    key: 'select',
    header: <SelectAllCheckbox selection={selection} label={allLabel} />,
    className: 'cell-select',
    render: (row) => <RowCheckbox selection={selection} id={row.id} label={rowLabel(row)} />,
  }
}

/** The last column: the row's buttons, under a header only screen readers hear. */
export function actionsColumn<Row>(render: (row: Row) => ReactNode): Column<Row> {
  return {
    key: 'actions',
    header: <span className="visually-hidden">{t('common.actions')}</span>,
    className: 'cell-actions',
    render,
  }
}

/** The last column when a row's one action is Edit. */
export function editColumn<Row>(label: (row: Row) => string, onEdit: (row: Row) => void): Column<Row> {
  return actionsColumn((row) => <EditButton label={label(row)} onClick={() => onEdit(row)} />)
}

/** The Active column's cell: a tick, or words only a screen reader hears. */
export function ActiveMark({ active }: { active: boolean }) {
  return active ? (
    <span className="active-tick" role="img" aria-label={t('common.active')}>
      ✓
    </span>
  ) : (
    <span className="visually-hidden">{t('common.notActive')}</span>
  )
}

/** The Active column: a tick on the rows `isActive` says are. */
export function activeColumn<Row>(isActive: (row: Row) => boolean): Column<Row> {
  return {
    key: 'active',
    header: t('common.active'),
    className: 'cell-center',
    render: (row) => <ActiveMark active={isActive(row)} />,
  }
}

/**
 * Deleting the ticked rows: `ask` says `none` while nothing is ticked, else opens the `kind`
 * dialog (default `delete`); confirming deletes them, closes it, clears the ticks and says `done`.
 * `dialog`: the ConfirmDialog's props but its title and message (`failure` when the server gives
 * no reason).
 */
export function bulkDelete<Id extends string | number, Dialog extends { kind: string }>(
  selection: Selection<Id>,
  remove: {
    mutate: (ids: Id[], options: { onSuccess: () => void }) => void
    isPending: boolean
    isError: boolean
    error: unknown
  },
  flash: { show: (text: string, tone?: 'error') => void },
  dialogs: { dialog: Dialog | null; open: (next: Dialog) => void; close: () => void },
  { none, done, failure, kind = 'delete' }: { none: string; done: string; failure: string; kind?: Dialog['kind'] },
) {
  return {
    ask: () => (selection.selected.length === 0 ? flash.show(none, 'error') : dialogs.open({ kind } as Dialog)),
    dialog: {
      open: dialogs.dialog?.kind === kind,
      busy: remove.isPending,
      error: failureOf(remove, failure),
      onConfirm: () =>
        remove.mutate(selection.selected, {
          onSuccess: () => {
            dialogs.close()
            selection.clear()
            flash.show(done)
          },
        }),
      onCancel: dialogs.close,
    },
  }
}

/** The trail of links above an admin page's title. */
export function Breadcrumbs({ children }: { children: ReactNode }) {
  return (
    <nav className="breadcrumbs" aria-label={t('common.breadcrumb')}>
      {children}
    </nav>
  )
}
