import { type ReactNode, useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useFieldConflict } from '../../components/conflict-dialog'
import { Flash, useFlash } from '../../components/flash'
import { EditIcon, TrashIcon } from '../../components/icons'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { useRichT, useT } from '../../lib/i18n'
import { type Business, type BusinessInput, splitValues, useBusinesses, useDeleteBusiness, useSaveBusiness } from './api'
import { BusinessForm } from './business-form'
import './businesses.css'

/** docs/reference/league-admin.md Business page: the listing form and the organization's business cards (Edit, Delete). */
export function BusinessPage() {
  const t = useT()
  const richT = useRichT()
  const businesses = useBusinesses()
  const save = useSaveBusiness()
  const remove = useDeleteBusiness()
  const conflict = useFieldConflict<BusinessInput>()
  const flash = useFlash()
  const [editing, setEditing] = useState<Business | null>(null)
  const [deleting, setDeleting] = useState<Business | null>(null)
  const formRef = useRef<HTMLDivElement>(null)

  const title = t('business.documentTitle')
  useEffect(() => {
    document.title = title
  }, [title])

  const send = (id: number | null, input: BusinessInput) =>
    save.mutate(
      { id, input },
      {
        onSuccess: (business) => {
          flash.show(
            id !== null ? t('business.updated', { name: business.name }) : t('business.created', { name: business.name }),
          )
          setEditing(null)
        },
        // Someone saved this listing first: choose field by field (docs/api-concurrency.md).
        onError: (error) => {
          if (id === null) return
          const labels = Object.fromEntries(
            Object.keys(input)
              .filter((key) => key !== 'version')
              .map((key) => [key, t(`business.${key}`)]),
          )
          if (conflict.offer(error, input, labels, (merged, version) => send(id, { ...merged, version }))) save.reset()
        },
      },
    )

  const startEdit = (business: Business) => {
    save.reset()
    setEditing(business)
    formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })
  }

  let list: ReactNode
  if (businesses.isPending) list = <Loading text={t('business.loading')} />
  else if (businesses.isError) list = <ErrorState message={t('business.loadError')} onRetry={() => businesses.refetch()} />
  else if (businesses.data.length === 0) list = <EmptyState>{t('business.none')}</EmptyState>
  else {
    list = (
      <ul className="business-cards">
        {businesses.data.map((business) => (
          <li key={business.id} className="card business-card">
            <div className="business-card-head">
              <h3>{business.name}</h3>
              <span className={`business-status business-status-${business.signupStatus}`}>
                {business.signupStatus === 'active' ? t('business.signupOpen') : t('business.signupClosed')}
              </span>
            </div>
            <dl className="business-details">
              <Detail label={t('business.sport')} value={splitValues(business.sport).join(', ')} />
              <Detail label={t('business.category')} value={splitValues(business.category).join(', ')} />
              <Detail label={t('business.city')} value={splitValues(business.city).join(', ')} />
              <Detail label={t('business.state')} value={splitValues(business.state).join(', ')} />
              <Detail label={t('business.location')} value={business.location} />
              <Detail label={t('business.season')} value={business.season} />
              <Detail label={t('business.nextSeason')} value={business.nextSeason} />
              <Detail label={t('business.signupDeadline')} value={business.signupDeadline} />
              <Detail label={t('business.cost')} value={business.cost} />
              <Detail label={t('business.skillLevel')} value={business.skillLevel} />
              <Detail label={t('business.phone')} value={business.phone} />
              <Detail label={t('business.email')} value={business.email} />
            </dl>
            <ul className="business-links">
              {business.website ? (
                <li>
                  <a href={business.website} target="_blank" rel="noopener noreferrer">
                    {t('business.website')}
                  </a>
                </li>
              ) : null}
              {business.facebook ? (
                <li>
                  <a href={business.facebook} target="_blank" rel="noopener noreferrer">
                    Facebook
                  </a>
                </li>
              ) : null}
              {business.instagram ? (
                <li>
                  <a href={business.instagram} target="_blank" rel="noopener noreferrer">
                    Instagram
                  </a>
                </li>
              ) : null}
            </ul>
            <div className="business-actions">
              <button
                type="button"
                className="button button-small"
                aria-label={t('business.editNamed', { name: business.name })}
                onClick={() => startEdit(business)}
              >
                <EditIcon /> {t('common.edit')}
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={t('business.deleteNamed', { name: business.name })}
                onClick={() => {
                  remove.reset()
                  setDeleting(business)
                }}
              >
                <TrashIcon /> {t('common.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section className="admin-page">
      <h1 className="page-title">{t('business.title')}</h1>
      <Flash message={flash.message} />
      {conflict.dialog}
      <div className="card business-form-card" ref={formRef}>
        <h2 className="section-title">{editing ? t('business.editNamed', { name: editing.name }) : t('business.addHeading')}</h2>
        <BusinessForm
          key={editing?.id ?? 'new'}
          business={editing}
          busy={save.isPending}
          error={save.isError ? errorMessage(save.error, editing ? t('business.updateFailed') : t('business.addFailed')) : null}
          serverFields={save.error instanceof ApiError ? save.error.fields : undefined}
          onCancel={() => {
            save.reset()
            setEditing(null)
          }}
          onSubmit={(input) => send(editing?.id ?? null, editing ? { ...input, version: editing.version } : input)}
        />
      </div>
      <h2 className="section-title business-list-title">{t('business.listings')}</h2>
      {list}
      <ConfirmDialog
        open={deleting !== null}
        title={t('business.deleteTitle')}
        message={
          <p>{richT('business.deleteConfirm', { name: deleting?.name ?? '', strong: (chunks) => <strong>{chunks}</strong> })}</p>
        }
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('business.deleteFailed')) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (editing?.id === deleting.id) setEditing(null)
              flash.show(t('business.deleted', { name: deleting.name }))
              setDeleting(null)
            },
          })
        }
        onCancel={() => setDeleting(null)}
      />
    </section>
  )
}

function Detail({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
