import { type FormEvent, useId, useState } from 'react'
import { useAddAnother } from '../../components/add-another'
import { FieldError, FormModal } from '../../components/form-modal'
import { useT } from '../../lib/i18n'
import type { Season, SeasonInput } from '../../lib/seasons-api'

interface SeasonFormModalProps {
  /** Absent when adding. */
  season?: Season | null
  busy: boolean
  error: string | null
  serverFields?: Record<string, string>
  /** `another` (adding only): saved with "Add and Add Another"; the form comes back empty. */
  onSubmit: (input: SeasonInput, another: boolean) => void
  onClose: () => void
}

/** docs/reference/league-admin.md Seasons page: Add Season and Edit modals (name, start, finish, active). §5: name required. */
export function SeasonFormModal({ season, busy, error, serverFields, onSubmit, onClose }: SeasonFormModalProps) {
  const t = useT()
  const id = useId()
  const [name, setName] = useState(season?.name ?? '')
  const [startDate, setStartDate] = useState(season?.startDate ?? '')
  const [finishDate, setFinishDate] = useState(season?.finishDate ?? '')
  const [active, setActive] = useState(season?.active ?? false)
  const [published, setPublished] = useState(season?.published ?? false)
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({})
  const editing = Boolean(season)
  const formId = `${id}-form`
  const another = useAddAnother()
  const problem = (key: string) => localErrors[key] ?? serverFields?.[key]

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const more = another.take()
    const errors: Record<string, string> = {}
    if (!name.trim()) errors.name = t('admin.seasonForm.nameRequired')
    if (startDate && finishDate && finishDate < startDate) errors.finishDate = t('admin.seasonForm.finishBeforeStart')
    setLocalErrors(errors)
    if (Object.keys(errors).length > 0) return
    onSubmit({ name: name.trim(), startDate: startDate || null, finishDate: finishDate || null, active, published }, more)
  }

  return (
    <FormModal
      title={editing ? t('admin.seasonForm.edit') : t('admin.seasons.add')}
      onClose={onClose}
      formId={formId}
      onSubmit={submit}
      submitLabel={editing ? t('admin.common.saveChanges') : t('admin.seasons.add')}
      busy={busy}
      extraButtons={editing ? null : another.button(formId, busy)}
      alerts={[error]}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('admin.common.name')}</label>
        <input
          id={`${id}-name`}
          value={name}
          required
          maxLength={120}
          aria-invalid={problem('name') ? true : undefined}
          aria-describedby={problem('name') ? `${id}-name-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <FieldError id={`${id}-name-error`}>{problem('name')}</FieldError>
      </div>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-start`}>{t('admin.common.start')}</label>
          <input id={`${id}-start`} type="date" value={startDate} onChange={(event) => setStartDate(event.target.value)} />
          {problem('startDate') ? <span className="field-error">{problem('startDate')}</span> : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-finish`}>{t('admin.common.finish')}</label>
          <input
            id={`${id}-finish`}
            type="date"
            value={finishDate}
            min={startDate || undefined}
            aria-invalid={problem('finishDate') ? true : undefined}
            aria-describedby={problem('finishDate') ? `${id}-finish-error` : undefined}
            onChange={(event) => setFinishDate(event.target.value)}
          />
          <FieldError id={`${id}-finish-error`}>{problem('finishDate')}</FieldError>
        </div>
      </div>
      <label className="checkbox" htmlFor={`${id}-active`}>
        <input id={`${id}-active`} type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {t('admin.common.active')}
      </label>
      <label className="checkbox" htmlFor={`${id}-published`}>
        <input
          id={`${id}-published`}
          type="checkbox"
          checked={published || active}
          disabled={active}
          aria-describedby={`${id}-published-hint`}
          onChange={(event) => setPublished(event.target.checked)}
        />
        {t('admin.seasons.publishAhead')}
      </label>
      <span className="muted" id={`${id}-published-hint`}>
        {t('admin.seasonForm.publishHint')}
      </span>
    </FormModal>
  )
}
