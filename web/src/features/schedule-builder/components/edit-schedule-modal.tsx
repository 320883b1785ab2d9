import { type FormEvent, useId, useState } from 'react'
import { FieldError, FormModal, type SaveFormProps } from '../../../components/form-modal'
import { useT } from '../../../lib/i18n'
import type { Schedule, ScheduleChanges } from '../api'

type EditScheduleModalProps = SaveFormProps<ScheduleChanges> & { schedule: Schedule; onClose: () => void }

/** docs/reference/league-admin.md Schedule Builder: the Edit Schedule modal (Name, Start Date, Weeks), §5 rules. */
export function EditScheduleModal({ schedule, busy, error, serverFields, onSubmit, onClose }: EditScheduleModalProps) {
  const t = useT()
  const id = useId()
  const [name, setName] = useState(schedule.name)
  const [startDate, setStartDate] = useState(schedule.startDate)
  const [numWeeks, setNumWeeks] = useState(String(schedule.numWeeks))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formId = `${id}-form`
  const problem = (key: string) => errors[key] ?? serverFields?.[key]

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const weeks = Number(numWeeks)
    const next: Record<string, string> = {}
    if (!name.trim()) next.name = t('admin.sb.nameRequired')
    if (!startDate) next.startDate = t('admin.sb.startRequired')
    if (numWeeks.trim() === '' || !Number.isFinite(weeks)) next.numWeeks = 'Weeks must be a number'
    else if (!Number.isInteger(weeks)) next.numWeeks = t('admin.sb.weeksWhole')
    else if (weeks < 1) next.numWeeks = t('admin.sb.weeksMin')
    else if (weeks > 60) next.numWeeks = t('admin.sb.weeksMax60')
    setErrors(next)
    if (Object.keys(next).length > 0) return
    onSubmit({ name: name.trim(), startDate, numWeeks: weeks })
  }

  const field = (
    key: string,
    label: string,
    input: (props: { id: string; invalid: boolean; describedBy?: string }) => React.ReactNode,
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input({
        id: `${id}-${key}`,
        invalid: Boolean(problem(key)),
        describedBy: problem(key) ? `${id}-${key}-error` : undefined,
      })}
      <FieldError id={`${id}-${key}-error`}>{problem(key)}</FieldError>
    </div>
  )

  return (
    <FormModal
      title={t('admin.sb.edit')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={t('admin.common.saveChanges')}
      busy={busy}
      alerts={[error]}
    >
      {field('name', t('admin.common.name'), (p) => (
        <input
          id={p.id}
          value={name}
          maxLength={120}
          aria-invalid={p.invalid || undefined}
          aria-describedby={p.describedBy}
          onChange={(event) => setName(event.target.value)}
        />
      ))}
      <div className="form-grid">
        {field('startDate', t('admin.sb.startDateCap'), (p) => (
          <input
            id={p.id}
            type="date"
            value={startDate}
            aria-invalid={p.invalid || undefined}
            aria-describedby={p.describedBy}
            onChange={(event) => setStartDate(event.target.value)}
          />
        ))}
        {field('numWeeks', t('admin.sb.weeksCap'), (p) => (
          <input
            id={p.id}
            type="number"
            inputMode="numeric"
            min={1}
            max={60}
            step={1}
            value={numWeeks}
            aria-invalid={p.invalid || undefined}
            aria-describedby={p.describedBy}
            onChange={(event) => setNumWeeks(event.target.value)}
          />
        ))}
      </div>
      <p className="field-hint">{t('admin.sb.editHint')}</p>
    </FormModal>
  )
}
