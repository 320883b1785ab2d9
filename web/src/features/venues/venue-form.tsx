import { type FormEvent, useState } from 'react'
import { TextField } from '../../components/field'
import { useT } from '../../lib/i18n'
import { type Venue, type VenueInput, WEEKDAYS } from './api'

type Day = (typeof WEEKDAYS)[number]
interface HoursRow {
  day: Day
  from: string
  to: string
}
interface CourtRow {
  id?: number
  name: string
  hours: HoursRow[]
}
interface ClosureRow {
  court: string
  date: string
  from: string
  to: string
  reason: string
}

const fromVenue = (venue: Venue | null) => ({
  name: venue?.name ?? '',
  address: venue?.address ?? '',
  mapUrl: venue?.mapUrl ?? '',
  courts: (venue?.courts ?? []).map((c): CourtRow => ({ id: c.id, name: c.name, hours: c.hours.map((h) => ({ ...h })) })),
  closures: (venue?.closures ?? []).map(
    (c): ClosureRow => ({ court: c.court ?? '', date: c.date, from: c.from ?? '', to: c.to ?? '', reason: c.reason }),
  ),
})

export interface VenueFormProps {
  venue: Venue | null
  busy: boolean
  error: string | null
  serverFields?: Record<string, string>
  onSubmit: (input: VenueInput) => void
  onCancel: () => void
}

/** A venue whole (docs/venues.md): name, address, map link, its courts with weekly hours, its closures. */
export function VenueForm({ venue, busy, error, serverFields = {}, onSubmit, onCancel }: VenueFormProps) {
  const t = useT()
  const [form, setForm] = useState(() => fromVenue(venue))
  const set = (changes: Partial<typeof form>) => setForm((f) => ({ ...f, ...changes }))
  const setCourt = (i: number, changes: Partial<CourtRow>) =>
    set({ courts: form.courts.map((c, k) => (k === i ? { ...c, ...changes } : c)) })
  const setClosure = (i: number, changes: Partial<ClosureRow>) =>
    set({ closures: form.closures.map((c, k) => (k === i ? { ...c, ...changes } : c)) })
  const dayName = (day: Day) => t(`admin.venues.day.${day.toLowerCase()}`)
  const fieldError = (key: string) => serverFields[key]

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onSubmit({
      name: form.name,
      address: form.address,
      mapUrl: form.mapUrl,
      courts: form.courts.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name, hours: c.hours })),
      closures: form.closures.map((c) => ({ court: c.court || null, date: c.date, from: c.from, to: c.to, reason: c.reason })),
    })
  }

  return (
    <form className="venue-form" onSubmit={submit} noValidate>
      <div className="form-grid">
        <TextField
          id="venue-name"
          label={t('admin.venues.name')}
          value={form.name}
          onChange={(name) => set({ name })}
          error={fieldError('name')}
          required
        />
        <TextField
          id="venue-address"
          label={t('admin.venues.address')}
          value={form.address}
          onChange={(address) => set({ address })}
          error={fieldError('address')}
        />
        <TextField
          id="venue-map"
          type="url"
          label={t('admin.venues.mapUrl')}
          value={form.mapUrl}
          onChange={(mapUrl) => set({ mapUrl })}
          error={fieldError('mapUrl')}
          placeholder="https://"
        />
      </div>

      <fieldset className="venue-fieldset">
        <legend>{t('admin.venues.courts')}</legend>
        {form.courts.length === 0 ? <p className="venue-hint">{t('admin.venues.noCourts')}</p> : null}
        {form.courts.map((court, i) => (
          <div className="venue-court" key={court.id ?? `new-${i}`}>
            <div className="venue-row">
              <TextField
                id={`court-${i}-name`}
                label={t('admin.venues.courtName')}
                value={court.name}
                onChange={(name) => setCourt(i, { name })}
                error={fieldError(`courts.${i}.name`)}
              />
              <button
                type="button"
                className="button button-small button-danger venue-remove"
                onClick={() => set({ courts: form.courts.filter((_, k) => k !== i) })}
              >
                {t('admin.venues.removeCourt', { name: court.name || String(i + 1) })}
              </button>
            </div>
            <p className="venue-subtitle" id={`court-${i}-hours`}>
              {t('admin.venues.hours')}
            </p>
            {court.hours.map((h, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows without ids of their own, edited in place
              <div className="venue-row" key={j}>
                <div className="field">
                  <label htmlFor={`court-${i}-hours-${j}-day`}>{t('admin.venues.day')}</label>
                  <select
                    id={`court-${i}-hours-${j}-day`}
                    value={h.day}
                    onChange={(e) =>
                      setCourt(i, { hours: court.hours.map((x, k) => (k === j ? { ...x, day: e.target.value as Day } : x)) })
                    }
                  >
                    {WEEKDAYS.map((d) => (
                      <option key={d} value={d}>
                        {dayName(d)}
                      </option>
                    ))}
                  </select>
                </div>
                <TextField
                  id={`court-${i}-hours-${j}-from`}
                  type="time"
                  label={t('admin.venues.opens')}
                  value={h.from}
                  onChange={(from) => setCourt(i, { hours: court.hours.map((x, k) => (k === j ? { ...x, from } : x)) })}
                  error={fieldError(`courts.${i}.hours.${j}.from`)}
                />
                <TextField
                  id={`court-${i}-hours-${j}-to`}
                  type="time"
                  label={t('admin.venues.closes')}
                  value={h.to}
                  onChange={(to) => setCourt(i, { hours: court.hours.map((x, k) => (k === j ? { ...x, to } : x)) })}
                  error={fieldError(`courts.${i}.hours.${j}.to`)}
                />
                <button
                  type="button"
                  className="button button-small venue-remove"
                  onClick={() => setCourt(i, { hours: court.hours.filter((_, k) => k !== j) })}
                >
                  {t('admin.venues.removeHours', { day: dayName(h.day) })}
                </button>
              </div>
            ))}
            <button
              type="button"
              className="button button-small"
              onClick={() => setCourt(i, { hours: [...court.hours, { day: 'Monday', from: '18:00', to: '22:00' }] })}
            >
              {t('admin.venues.addHours', { name: court.name || String(i + 1) })}
            </button>
          </div>
        ))}
        <button type="button" className="button" onClick={() => set({ courts: [...form.courts, { name: '', hours: [] }] })}>
          {t('admin.venues.addCourt')}
        </button>
      </fieldset>

      <fieldset className="venue-fieldset">
        <legend>{t('admin.venues.closures')}</legend>
        {form.closures.length === 0 ? <p className="venue-hint">{t('admin.venues.noClosures')}</p> : null}
        {form.closures.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows without ids of their own, edited in place
          <div className="venue-row venue-closure" key={i}>
            <div className="field">
              <label htmlFor={`closure-${i}-court`}>{t('admin.venues.closureCourt')}</label>
              <select id={`closure-${i}-court`} value={c.court} onChange={(e) => setClosure(i, { court: e.target.value })}>
                <option value="">{t('admin.venues.wholeVenue')}</option>
                {form.courts
                  .filter((k) => k.name.trim())
                  .map((k) => (
                    <option key={k.id ?? k.name} value={k.name.trim()}>
                      {k.name}
                    </option>
                  ))}
              </select>
            </div>
            <TextField
              id={`closure-${i}-date`}
              type="date"
              label={t('admin.venues.date')}
              value={c.date}
              onChange={(date) => setClosure(i, { date })}
              error={fieldError(`closures.${i}.date`)}
            />
            <TextField
              id={`closure-${i}-from`}
              type="time"
              label={t('admin.venues.closedFrom')}
              value={c.from}
              onChange={(from) => setClosure(i, { from })}
              error={fieldError(`closures.${i}.from`)}
            />
            <TextField
              id={`closure-${i}-to`}
              type="time"
              label={t('admin.venues.closedTo')}
              value={c.to}
              onChange={(to) => setClosure(i, { to })}
              error={fieldError(`closures.${i}.to`)}
            />
            <TextField
              id={`closure-${i}-reason`}
              label={t('admin.venues.reason')}
              value={c.reason}
              onChange={(reason) => setClosure(i, { reason })}
              error={fieldError(`closures.${i}.reason`)}
            />
            <button
              type="button"
              className="button button-small venue-remove"
              onClick={() => set({ closures: form.closures.filter((_, k) => k !== i) })}
            >
              {t('admin.venues.removeClosure', { date: c.date || String(i + 1) })}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="button"
          onClick={() => set({ closures: [...form.closures, { court: '', date: '', from: '', to: '', reason: '' }] })}
        >
          {t('admin.venues.addClosure')}
        </button>
      </fieldset>

      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('admin.venues.saving') : venue ? t('admin.venues.save') : t('admin.venues.add')}
        </button>
        {venue ? (
          <button type="button" className="button" onClick={onCancel}>
            {t('admin.venues.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  )
}
