import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Flash, useFlash } from '../../components/flash'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import {
  ATTRIBUTE_TYPE_LABELS,
  type AttributeType,
  useAddPlayerAttribute,
  usePlayerAttributes,
  useReorderPlayerAttributes,
  useResetPlayerAttributes,
  useToggleAttribute,
} from './api'
import { SortableSettingsList } from './sortable-settings-list'
import './stats-settings.css'

/**
 * docs/reference/league-admin.md Player Attributes: add form (name, type Text/Number/Date); drag-sortable list showing
 * name and type with Hide/Show; Reset to Default.
 */
export function PlayerAttributesPage() {
  const id = useId()
  const attributes = usePlayerAttributes()
  const add = useAddPlayerAttribute()
  const toggle = useToggleAttribute()
  const reorder = useReorderPlayerAttributes()
  const reset = useResetPlayerAttributes()
  const flash = useFlash()
  const [name, setName] = useState('')
  const [type, setType] = useState<AttributeType>('string')
  const [nameError, setNameError] = useState<string | null>(null)
  const [confirmReset, setConfirmReset] = useState(false)

  useEffect(() => {
    document.title = 'Player Attributes · Courtside'
  }, [])

  const fail = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) {
      setNameError('Name is required')
      return
    }
    setNameError(null)
    add.mutate(
      { name: trimmed, type },
      {
        onSuccess: (attribute) => {
          setName('')
          flash.show(`${attribute.attribute_name} added`)
        },
        onError: (error) => setNameError(errorMessage(error, 'Failed to add attribute')),
      },
    )
  }

  let body: ReactNode
  if (attributes.isPending) body = <Loading text="Loading attributes..." />
  else if (attributes.isError)
    body = <ErrorState message="Attributes could not be loaded." onRetry={() => attributes.refetch()} />
  else if (attributes.data.length === 0) body = <EmptyState>No attributes yet.</EmptyState>
  else {
    body = (
      <SortableSettingsList
        items={attributes.data}
        label="Player attributes"
        nameOf={(attribute) => attribute.attribute_name}
        isMuted={(attribute) => !attribute.is_visible}
        onReorder={(ordered) => reorder.mutate(ordered, { onError: fail('Failed to reorder attributes') })}
        renderItem={(attribute) => (
          <>
            <span className="settings-name">
              {attribute.attribute_name}
              {attribute.is_visible ? null : <span className="settings-badge">Hidden</span>}
            </span>
            <span className="settings-meta">{ATTRIBUTE_TYPE_LABELS[attribute.attribute_type] ?? attribute.attribute_type}</span>
            <button
              type="button"
              className="button button-small"
              aria-label={`${attribute.is_visible ? 'Hide' : 'Show'} ${attribute.attribute_name}`}
              onClick={() =>
                toggle.mutate(
                  { id: attribute.id, isVisible: !attribute.is_visible },
                  { onError: fail('Failed to update attribute') },
                )
              }
            >
              {attribute.is_visible ? 'Hide' : 'Show'}
            </button>
          </>
        )}
      />
    )
  }

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">Player Attributes</h1>
        <button type="button" className="button" onClick={() => setConfirmReset(true)}>
          Reset to Default
        </button>
      </div>
      <Flash message={flash.message} />
      <form className="settings-add" onSubmit={submit} noValidate aria-label="Add attribute">
        <div className="field">
          <label htmlFor={`${id}-name`}>Attribute name</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={60}
            placeholder="e.g. Height"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? `${id}-name-error` : undefined}
            onChange={(event) => setName(event.target.value)}
          />
          {nameError ? (
            <span className="field-error" id={`${id}-name-error`}>
              {nameError}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>Type</label>
          <select id={`${id}-type`} value={type} onChange={(event) => setType(event.target.value as AttributeType)}>
            {(Object.keys(ATTRIBUTE_TYPE_LABELS) as AttributeType[]).map((value) => (
              <option key={value} value={value}>
                {ATTRIBUTE_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          Add Attribute
        </button>
      </form>
      {body}
      <ConfirmDialog
        open={confirmReset}
        title="Reset player attributes"
        message={
          <p>
            Reset the player attributes to the defaults? The default order and visibility come back, and added attributes that no
            player has a value for are removed.
          </p>
        }
        confirmLabel="Reset to Default"
        busy={reset.isPending}
        error={reset.isError ? errorMessage(reset.error, 'Failed to reset attributes') : null}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirmReset(false)
              flash.show('Player attributes reset to default')
            },
          })
        }
        onCancel={() => {
          reset.reset()
          setConfirmReset(false)
        }}
      />
    </section>
  )
}
