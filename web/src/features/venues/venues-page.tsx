import { type ReactNode, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Flash, useFlash } from '../../components/flash'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { useAdminTitle } from '../../lib/use-admin-title'
import { useDeleteVenue, useSaveVenue, useVenues, type Venue, type VenueInput } from './api'
import { VenueForm } from './venue-form'
import './venues.css'

/** The organization's venues, their courts and closures (docs/venues.md). */
export function VenuesPage() {
  const t = useT()
  useAdminTitle(t('admin.venues.title'))
  const venues = useVenues()
  const save = useSaveVenue()
  const remove = useDeleteVenue()
  const flash = useFlash()
  const [editing, setEditing] = useState<Venue | null>(null)
  const [deleting, setDeleting] = useState<Venue | null>(null)
  const formRef = useRef<HTMLDivElement>(null)

  const send = (input: VenueInput) =>
    save.mutate(
      { id: editing?.id ?? null, input: editing ? { ...input, version: editing.version } : input },
      {
        onSuccess: (venue) => {
          flash.show(editing ? t('admin.venues.updated', { name: venue.name }) : t('admin.venues.created', { name: venue.name }))
          setEditing(null)
        },
      },
    )

  let list: ReactNode
  if (venues.isPending) list = <Loading text={t('admin.venues.loading')} />
  else if (venues.isError) list = <ErrorState message={t('admin.venues.loadFailed')} onRetry={() => venues.refetch()} />
  else if (venues.data.length === 0) list = <EmptyState>{t('admin.venues.empty')}</EmptyState>
  else
    list = (
      <ul className="venue-cards">
        {venues.data.map((venue) => (
          <li key={venue.id} className="card venue-card">
            <h3>{venue.name}</h3>
            {venue.address ? <p>{venue.address}</p> : null}
            {venue.mapUrl ? (
              <p>
                <a href={venue.mapUrl} target="_blank" rel="noopener noreferrer">
                  {t('admin.venues.map', { name: venue.name })}
                </a>
              </p>
            ) : null}
            <p className="venue-hint">
              {t('admin.venues.summary', { courts: venue.courts.length, closures: venue.closures.length, games: venue.games })}
            </p>
            {venue.courts.length > 0 ? <p>{venue.courts.map((c) => c.name).join(', ')}</p> : null}
            <div className="venue-actions">
              <button
                type="button"
                className="button button-small"
                aria-label={t('admin.venues.editNamed', { name: venue.name })}
                onClick={() => {
                  save.reset()
                  setEditing(venue)
                  formRef.current?.scrollIntoView({ block: 'start' })
                }}
              >
                {t('admin.venues.edit')}
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={t('admin.venues.deleteNamed', { name: venue.name })}
                onClick={() => {
                  remove.reset()
                  setDeleting(venue)
                }}
              >
                {t('admin.venues.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    )

  return (
    <section className="admin-page">
      <h1 className="page-title">{t('admin.venues.title')}</h1>
      <Flash message={flash.message} />
      <div className="card venue-form-card" ref={formRef}>
        <h2 className="section-title">
          {editing ? t('admin.venues.editTitle', { name: editing.name }) : t('admin.venues.addTitle')}
        </h2>
        <VenueForm
          key={editing ? `${editing.id}-${editing.version}` : 'new'}
          venue={editing}
          busy={save.isPending}
          error={save.isError ? errorMessage(save.error, t('admin.venues.saveFailed')) : null}
          serverFields={save.error instanceof ApiError ? save.error.fields : undefined}
          onCancel={() => {
            save.reset()
            setEditing(null)
          }}
          onSubmit={send}
        />
      </div>
      <h2 className="section-title venue-list-title">{t('admin.venues.listTitle')}</h2>
      {list}
      <ConfirmDialog
        open={deleting !== null}
        title={t('admin.venues.deleteTitle')}
        confirmLabel={t('admin.venues.delete')}
        message={
          <p>
            {deleting && deleting.games > 0
              ? t('admin.venues.deleteUsed', { name: deleting.name, games: deleting.games })
              : t('admin.venues.deleteUnused', { name: deleting?.name ?? '' })}
          </p>
        }
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('admin.venues.deleteFailed')) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              if (editing?.id === deleting.id) setEditing(null)
              flash.show(t('admin.venues.deleted', { name: deleting.name }))
              setDeleting(null)
            },
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}
