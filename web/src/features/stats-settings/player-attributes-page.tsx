import { type ReactNode, useId, useState } from 'react'
import { Flash, useFlash } from '../../components/flash'
import { OptionsField, optionsOf } from '../../components/select-field'
import { EmptyState, ErrorState, Loading } from '../../components/status'
import { errorMessage } from '../../lib/api-client'
import { type Translate, useT } from '../../lib/i18n'
import { useAdminTitle } from '../../lib/use-admin-title'
import {
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
const resetTexts = (t: Translate): ResetTexts => ({
  title: t('admin.statsSettings.resetAttributesTitle'),
  message: <p>{t('admin.statsSettings.resetAttributesQuestion')}</p>,
  failure: t('admin.statsSettings.resetAttributesFailed'),
  done: t('admin.statsSettings.resetAttributesDone'),
})

/** Each attribute type's catalog key (its machine value stays `string`, `number` or `date`). */
const TYPE_KEYS: Record<AttributeType, string> = {
  string: 'admin.statsSettings.typeText',
  number: 'admin.statsSettings.typeNumber',
  date: 'admin.statsSettings.typeDate',
}

/**
 * docs/reference/league-admin.md Player Attributes: add form (name, type Text/Number/Date); drag-sortable list showing
 * name and type with Hide/Show; Reset to Default.
 */
export function PlayerAttributesPage() {
  const t = useT()
  const id = useId()
  const attributes = usePlayerAttributes()
  const add = useAddPlayerAttribute()
  const toggle = useToggleAttribute()
  const reorder = useReorderPlayerAttributes()
  const reset = useResetPlayerAttributes()
  const flash = useFlash()
  const named = useNameToAdd(t('admin.statsSettings.addAttributeFailed'))
  const [type, setType] = useState<AttributeType>('string')
  const resetToDefault = useResetToDefault(reset, resetTexts(t), flash.show)

  useAdminTitle(t('admin.statsSettings.attributesTitle'))

  const fail = (fallback: string) => (error: unknown) => flash.show(errorMessage(error, fallback), 'error')

  const submit = named.submitWith(
    (trimmed, callbacks: Added<PlayerAttribute>) => add.mutate({ name: trimmed, type }, callbacks),
    (attribute) => flash.show(t('admin.statsSettings.added', { name: attribute.attribute_name })),
  )

  let body: ReactNode
  if (attributes.isPending) body = <Loading text={t('admin.statsSettings.loadingAttributes')} />
  else if (attributes.isError)
    body = <ErrorState message={t('admin.statsSettings.attributesFailed')} onRetry={() => attributes.refetch()} />
  else if (attributes.data.length === 0) body = <EmptyState>{t('admin.statsSettings.noAttributes')}</EmptyState>
  else {
    body = (
      <SortableSettingsList
        items={attributes.data}
        label={t('admin.statsSettings.attributesList')}
        nameOf={(attribute) => attribute.attribute_name}
        isMuted={(attribute) => !attribute.is_visible}
        onReorder={(ordered) => reorder.mutate(ordered, { onError: fail(t('admin.statsSettings.reorderAttributesFailed')) })}
        renderItem={(attribute) => (
          <SettingsRow
            name={attribute.attribute_name}
            hidden={!attribute.is_visible}
            meta={TYPE_KEYS[attribute.attribute_type] ? t(TYPE_KEYS[attribute.attribute_type]) : attribute.attribute_type}
            showWord="show"
            onToggle={() =>
              toggle.mutate(
                { id: attribute.id, isVisible: !attribute.is_visible },
                { onError: fail(t('admin.statsSettings.updateAttributeFailed')) },
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
        <h1 className="page-title">{t('admin.statsSettings.attributesTitle')}</h1>
        <button type="button" className="button" onClick={resetToDefault.ask}>
          {t('admin.statsSettings.resetToDefault')}
        </button>
      </div>
      <Flash message={flash.message} />
      <form className="settings-add" onSubmit={submit} noValidate aria-label={t('admin.statsSettings.addAttributeForm')}>
        <NameField
          id={`${id}-name`}
          label={t('admin.statsSettings.attributeName')}
          placeholder={t('admin.statsSettings.attributePlaceholder')}
          named={named}
        />
        <OptionsField
          id={`${id}-type`}
          label={t('admin.statsSettings.type')}
          value={type}
          options={optionsOf(
            Object.fromEntries(Object.entries(TYPE_KEYS).map(([type, key]) => [type, t(key)])) as Record<AttributeType, string>,
          )}
          onChange={(value) => setType(value as AttributeType)}
        />
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {t('admin.statsSettings.addAttribute')}
        </button>
      </form>
      {body}
      {resetToDefault.dialog}
    </section>
  )
}
