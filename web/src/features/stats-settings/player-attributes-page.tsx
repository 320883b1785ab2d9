import { type ReactNode, useEffect, useId, useState } from 'react'
import { Flash, useFlash } from '../../components/flash'
import { OptionsField, optionsOf } from '../../components/select-field'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import {
  ATTRIBUTE_TYPE_LABELS,
  type AttributeType,
  type PlayerAttribute,
  useAddPlayerAttribute,
  usePlayerAttributes,
  useReorderPlayerAttributes,
  useResetPlayerAttributes,
  useToggleAttribute,
} from './api'
import { type Added, NameField, type ResetTexts, SettingsRow, useNameToAdd, useResetToDefault } from './settings-parts'
import { SortableSettingsList } from './sortable-settings-list'
import './stats-settings.css'

/** The Reset to Default confirmation's words. */
const RESET: ResetTexts = {
  title: 'Reset player attributes',
  message: (
    <p>
      Reset the player attributes to the defaults? The default order and visibility come back, and added attributes that no player
      has a value for are removed.
    </p>
  ),
  failure: 'Failed to reset attributes',
  done: 'Player attributes reset to default',
}

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
  const named = useNameToAdd('Failed to add attribute')
  const [type, setType] = useState<AttributeType>('string')
  const resetToDefault = useResetToDefault(reset, RESET, flash.show)

  useEffect(() => {
    document.title = 'Player Attributes · Courtside'
  }, [])

  const fail = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  const submit = named.submitWith(
    (trimmed, callbacks: Added<PlayerAttribute>) => add.mutate({ name: trimmed, type }, callbacks),
    (attribute) => flash.show(`${attribute.attribute_name} added`),
  )

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
          <SettingsRow
            name={attribute.attribute_name}
            hidden={!attribute.is_visible}
            meta={ATTRIBUTE_TYPE_LABELS[attribute.attribute_type] ?? attribute.attribute_type}
            showWord="Show"
            onToggle={() =>
              toggle.mutate(
                { id: attribute.id, isVisible: !attribute.is_visible },
                { onError: fail('Failed to update attribute') },
              )
            }
          />
        )}
      />
    )
  }

  return (
    <section className="admin-page">
      <div className="page-heading">
        <h1 className="page-title">Player Attributes</h1>
        <button type="button" className="button" onClick={resetToDefault.ask}>
          Reset to Default
        </button>
      </div>
      <Flash message={flash.message} />
      <form className="settings-add" onSubmit={submit} noValidate aria-label="Add attribute">
        <NameField id={`${id}-name`} label="Attribute name" placeholder="e.g. Height" named={named} />
        <OptionsField
          id={`${id}-type`}
          label="Type"
          value={type}
          options={optionsOf(ATTRIBUTE_TYPE_LABELS)}
          onChange={(value) => setType(value as AttributeType)}
        />
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          Add Attribute
        </button>
      </form>
      {body}
      {resetToDefault.dialog}
    </section>
  )
}
