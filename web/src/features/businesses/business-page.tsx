import { type ReactNode, useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useFieldConflict } from '../../components/conflict-dialog'
import { Flash, useFlash } from '../../components/flash'
import { EditIcon, TrashIcon } from '../../components/icons'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { ApiError, errorMessage } from '../../lib/api-client'
import { type Business, type BusinessInput, splitValues, useBusinesses, useDeleteBusiness, useSaveBusiness } from './api'
import { BusinessForm } from './business-form'
import './businesses.css'

/** docs/reference/league-admin.md Business page: the listing form and the organization's business cards (Edit, Delete). */
export function BusinessPage() {
  const businesses = useBusinesses()
  const save = useSaveBusiness()
  const remove = useDeleteBusiness()
  const conflict = useFieldConflict<BusinessInput>()
  const flash = useFlash()
  const [editing, setEditing] = useState<Business | null>(null)
  const [deleting, setDeleting] = useState<Business | null>(null)
  const formRef = useRef<HTMLDivElement>(null)

  useEffect(() => {
    document.title = 'Businesses · Courtside'
  }, [])

  const send = (id: number | null, input: BusinessInput) =>
    save.mutate(
      { id, input },
      {
        onSuccess: (business) => {
          flash.show(id !== null ? `${business.name} updated` : `${business.name} created`)
          setEditing(null)
        },
        // Someone saved this listing first: choose field by field (docs/api-concurrency.md).
        onError: (error) => {
          if (id === null) return
          const labels = Object.fromEntries(
            Object.keys(input)
              .filter((key) => key !== 'version')
              .map((key) => [key, key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase())]),
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
  if (businesses.isPending) list = <Loading text="Loading businesses..." />
  else if (businesses.isError)
    list = <ErrorState message="Businesses could not be loaded." onRetry={() => businesses.refetch()} />
  else if (businesses.data.length === 0) list = <EmptyState>No businesses yet.</EmptyState>
  else {
    list = (
      <ul className="business-cards">
        {businesses.data.map((business) => (
          <li key={business.id} className="card business-card">
            <div className="business-card-head">
              <h3>{business.name}</h3>
              <span className={`business-status business-status-${business.signupStatus}`}>
                Signup {business.signupStatus === 'active' ? 'open' : 'closed'}
              </span>
            </div>
            <dl className="business-details">
              <Detail label="Sport" value={splitValues(business.sport).join(', ')} />
              <Detail label="Category" value={splitValues(business.category).join(', ')} />
              <Detail label="City" value={splitValues(business.city).join(', ')} />
              <Detail label="State" value={splitValues(business.state).join(', ')} />
              <Detail label="Location" value={business.location} />
              <Detail label="Season" value={business.season} />
              <Detail label="Next season" value={business.nextSeason} />
              <Detail label="Signup deadline" value={business.signupDeadline} />
              <Detail label="Cost" value={business.cost} />
              <Detail label="Skill level" value={business.skillLevel} />
              <Detail label="Phone" value={business.phone} />
              <Detail label="Email" value={business.email} />
            </dl>
            <ul className="business-links">
              {business.website ? (
                <li>
                  <a href={business.website} target="_blank" rel="noopener noreferrer">
                    Website
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
                aria-label={`Edit ${business.name}`}
                onClick={() => startEdit(business)}
              >
                <EditIcon /> Edit
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                aria-label={`Delete ${business.name}`}
                onClick={() => {
                  remove.reset()
                  setDeleting(business)
                }}
              >
                <TrashIcon /> Delete
              </button>
            </div>
          </li>
        ))}
      </ul>
    )
  }

  return (
    <section className="admin-page">
      <h1 className="page-title">Businesses</h1>
      <Flash message={flash.message} />
      {conflict.dialog}
      <div className="card business-form-card" ref={formRef}>
        <h2 className="section-title">{editing ? `Edit ${editing.name}` : 'Add a business'}</h2>
        <BusinessForm
          key={editing?.id ?? 'new'}
          business={editing}
          busy={save.isPending}
          error={save.isError ? errorMessage(save.error, editing ? 'Failed to update business' : 'Failed to add business') : null}
          serverFields={save.error instanceof ApiError ? save.error.fields : undefined}
          onCancel={() => {
            save.reset()
            setEditing(null)
          }}
          onSubmit={(input) => send(editing?.id ?? null, editing ? { ...input, version: editing.version } : input)}
        />
      </div>
      <h2 className="section-title business-list-title">Listings</h2>
      {list}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete business"
        message={
          <p>
            Delete <strong>{deleting?.name}</strong>? This cannot be undone.
          </p>
        }
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Failed to delete business') : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              if (editing?.id === deleting.id) setEditing(null)
              flash.show(`${deleting.name} deleted`)
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
