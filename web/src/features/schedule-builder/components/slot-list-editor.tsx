import { CloseIcon } from '../../../components/icons'
import { useT } from '../../../lib/i18n'
import { nextTimeSlot } from '../schedule-grid-rows'

/** A list of HH:mm inputs with Add (the next time in the list's rhythm) and Remove: one night's time slots. */
export function SlotListEditor({
  idPrefix,
  label,
  slots,
  errors,
  onChange,
}: {
  idPrefix: string
  /** What the slots belong to, for the inputs' names ("Time slot 2 of week 3"). */
  label: string
  slots: string[]
  errors?: Record<number, string>
  onChange: (slots: string[]) => void
}) {
  const t = useT()
  const set = (index: number, value: string) => onChange(slots.map((slot, i) => (i === index ? value : slot)))
  const remove = (index: number) => onChange(slots.filter((_, i) => i !== index))
  return (
    <div className="slot-list">
      {slots.map((slot, index) => {
        const id = `${idPrefix}-${index}`
        const problem = errors?.[index]
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: slots are edited in place; the position is the identity
          <div className="slot-item" key={index}>
            <label className="visually-hidden" htmlFor={id}>
              {t('admin.sb.slotLabel', { n: index + 1, label, labelled: label ? 'yes' : 'no' })}
            </label>
            <input
              id={id}
              type="time"
              step={60}
              value={slot}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-error` : undefined}
              onChange={(event) => set(index, event.target.value)}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={t('admin.sb.removeSlotLabel', { n: index + 1, label, labelled: label ? 'yes' : 'no' })}
              title={t('admin.common.remove')}
              onClick={() => remove(index)}
            >
              <CloseIcon />
            </button>
            {problem ? (
              <span className="field-error slot-error" id={`${id}-error`}>
                {problem}
              </span>
            ) : null}
          </div>
        )
      })}
      <button type="button" className="button button-small" onClick={() => onChange([...slots, nextTimeSlot(slots)])}>
        {t('admin.sb.addSlot')}
        {label ? <span className="visually-hidden"> {label}</span> : null}
      </button>
    </div>
  )
}
