import { useRef } from 'react'
import { t } from '../lib/i18n'

/**
 * "Add and Add Another" for a create modal (docs/decisions/2026-11-25-add-another.md): a second
 * submit button of the same form. `take()` in the submit handler says whether it was the one
 * pressed (and forgets it, so the next submit by Enter is a plain add).
 */
export function useAddAnother() {
  const another = useRef(false)
  return {
    take: () => {
      const pressed = another.current
      another.current = false
      return pressed
    },
    button: (formId: string, busy: boolean) => (
      <button
        type="submit"
        form={formId}
        className="button"
        disabled={busy}
        onClick={() => {
          another.current = true
        }}
      >
        {t('common.addAnother')}
      </button>
    ),
  }
}
