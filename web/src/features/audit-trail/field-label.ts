import type { Translate } from '../../lib/i18n'

/**
 * A changed field's stored name as people read it, in the dashboard's language (`first_name` →
 * `Nombre`): the `admin.audit.column` message (docs/languages.md). A column the catalog does not
 * know yet reads as its words (`new_column` → `New column`), never as a raw name.
 */
export function auditFieldLabel(field: string, t: Translate): string {
  const label = t('admin.audit.column', { column: field })
  if (label !== field) return label
  const words = field.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}
