import { type FormEvent, useId, useState } from 'react'
import { FieldError, FormError } from '../../../components/form-modal'
import { NameOptions, SelectField } from '../../../components/select-field'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { t as translate, useT } from '../../../lib/i18n'
import { type BuilderLeague, type ScheduleInput, useCreateSchedule, useGenerateSchedule, WEEKDAYS, type Weekday } from '../api'
import { formatNightDate, isTime, weekDates, weekdayName } from '../schedule-grid-rows'
import { SlotListEditor } from './slot-list-editor'

type Errors = {
  leagueId?: string
  name?: string
  startDate?: string
  numWeeks?: string
  gameDays?: string
  timeSlots?: string
  slot?: Record<number, string>
  weekly?: Record<number, { list?: string; slot?: Record<number, string> }>
}

// The server's own limit on a schedule's length.
const MAX_WEEKS = 60

/** Each slot a time, none twice, at least one: docs/reference/league-admin.md §5 "time slots as times". */
function checkSlots(slots: string[]): { list?: string; slot?: Record<number, string> } {
  const slot: Record<number, string> = {}
  const seen = new Set<string>()
  slots.forEach((value, index) => {
    if (!isTime(value)) slot[index] = translate('admin.sb.timeLike')
    else if (seen.has(value)) slot[index] = translate('admin.sb.timeTwice')
    seen.add(value)
  })
  const list = slots.length === 0 ? translate('admin.sb.oneSlot') : undefined
  return { ...(list && { list }), ...(Object.keys(slot).length > 0 && { slot }) }
}

/** docs/reference/league-admin.md Schedule Builder, Create Schedule; validation per §5 before anything is sent. */
export function CreateScheduleForm({
  leagues,
  leagueId: selectedLeagueId,
  seasonId,
  onCreated,
  onFailed,
}: {
  leagues: BuilderLeague[]
  leagueId: number | null
  seasonId: number | null
  /** `generated`: the generator's message when the schedule was created and generated in one step. */
  onCreated: (leagueId: number, generated?: string) => void
  onFailed: (message?: string) => void
}) {
  const t = useT()
  const id = useId()
  const create = useCreateSchedule()
  const generate = useGenerateSchedule()
  const [leagueChoice, setLeagueChoice] = useState<string>('')
  const [name, setName] = useState('')
  const [startDate, setStartDate] = useState('')
  const [numWeeks, setNumWeeks] = useState('')
  const [gameDays, setGameDays] = useState<Weekday[]>([])
  // docs/reference/league-admin.md §5: the time-slot toggle defaults to on (the same slots every week).
  const [sameSlot, setSameSlot] = useState(true)
  const [timeSlots, setTimeSlots] = useState<string[]>([''])
  const [weekly, setWeekly] = useState<string[][]>([])
  const [errors, setErrors] = useState<Errors>({})

  // The form follows the page's league until the user picks another one here.
  const leagueValue = leagueChoice || (selectedLeagueId ? String(selectedLeagueId) : '')
  const weeks = Number(numWeeks)
  const weekCount = Number.isInteger(weeks) && weeks >= 1 ? Math.min(weeks, MAX_WEEKS) : 0
  const dates = weekDates(startDate, weekCount)
  // Per-week lists start as copies of the shared list, and follow the number of weeks.
  const weeklyLists = Array.from({ length: weekCount }, (_, week) => weekly[week] ?? [...timeSlots])
  const serverFields = create.error instanceof ApiError ? create.error.fields : undefined

  const setWeek = (week: number, slots: string[]) => setWeekly(weeklyLists.map((list, index) => (index === week ? slots : list)))

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // "Create and Generate" does both in one step: a new schedule has no games to replace, so
    // nothing needs confirming (docs/reference/league-admin.md, Schedule Builder).
    const andGenerate = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'generate'
    const next: Errors = {}
    if (!leagueValue) next.leagueId = t('admin.gameForm.chooseLeague')
    if (!name.trim()) next.name = t('admin.sb.nameRequired')
    if (!startDate || dates.length === 0) next.startDate = t('admin.sb.startRequired')
    if (numWeeks.trim() === '' || !Number.isFinite(weeks)) next.numWeeks = 'Weeks must be a number'
    else if (!Number.isInteger(weeks)) next.numWeeks = t('admin.sb.weeksWhole')
    else if (weeks < 1) next.numWeeks = t('admin.sb.weeksMin')
    else if (weeks > MAX_WEEKS) next.numWeeks = t('admin.sb.weeksMax', { max: MAX_WEEKS })
    // Decision: at least one game day, so every week has a night the admin chose.
    if (gameDays.length === 0) next.gameDays = t('admin.sb.gameDay')
    if (sameSlot) {
      const { list, slot } = checkSlots(timeSlots)
      if (list) next.timeSlots = list
      if (slot) next.slot = slot
    } else {
      const weeklyErrors: Errors['weekly'] = {}
      weeklyLists.forEach((list, week) => {
        const problem = checkSlots(list)
        if (problem.list || problem.slot) weeklyErrors[week] = problem
      })
      if (Object.keys(weeklyErrors).length > 0) {
        next.weekly = weeklyErrors
        next.timeSlots = t('admin.sb.checkSlots')
      }
    }
    setErrors(next)
    if (Object.keys(next).length > 0) return
    if (!seasonId) return

    const leagueId = Number(leagueValue)
    const input: ScheduleInput = {
      name: name.trim(),
      leagueId,
      season_id: seasonId,
      startDate,
      numWeeks: weeks,
      gameDays: WEEKDAYS.filter((day) => gameDays.includes(day)),
      sameSlot,
      timeSlots: sameSlot ? timeSlots : [],
      weeklyTimeSlots: sameSlot ? [] : weeklyLists,
    }
    create.mutate(input, {
      onSuccess: (schedule) => {
        setName('')
        setErrors({})
        if (!andGenerate) return onCreated(leagueId)
        generate.mutate(schedule.id, {
          onSuccess: (result) => onCreated(leagueId, result?.message || t('admin.sb.generated')),
          onError: (error) => {
            onCreated(leagueId)
            onFailed(errorMessage(error, t('admin.sb.generateFailed')))
          },
        })
      },
      onError: () => onFailed(),
    })
  }

  const busy = create.isPending || generate.isPending
  const problem = (key: keyof Errors) => (errors[key] as string | undefined) ?? serverFields?.[key]
  const described = (key: keyof Errors) => (problem(key) ? `${id}-${key}-error` : undefined)
  const fieldError = (key: keyof Errors) => <FieldError id={`${id}-${key}-error`}>{problem(key)}</FieldError>

  return (
    <form className="form-stack builder-create" onSubmit={submit} noValidate aria-label={t('admin.sb.create')}>
      <FormError>{create.isError && errorMessage(create.error, t('admin.sb.createFailed'))}</FormError>
      <div className="form-grid">
        <SelectField
          id={`${id}-league`}
          label={t('admin.common.league')}
          value={leagueValue}
          aria-invalid={problem('leagueId') ? true : undefined}
          aria-describedby={described('leagueId')}
          onChange={(event) => setLeagueChoice(event.target.value)}
          after={fieldError('leagueId')}
        >
          <option value="">{t('admin.gameForm.chooseLeague')}</option>
          <NameOptions items={leagues} />
        </SelectField>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('admin.common.name')}</label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={120}
            aria-invalid={problem('name') ? true : undefined}
            aria-describedby={described('name')}
            onChange={(event) => setName(event.target.value)}
          />
          {fieldError('name')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-start`}>{t('admin.sb.startDateCap')}</label>
          <input
            id={`${id}-start`}
            type="date"
            value={startDate}
            aria-invalid={problem('startDate') ? true : undefined}
            aria-describedby={described('startDate')}
            onChange={(event) => setStartDate(event.target.value)}
          />
          {fieldError('startDate')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-weeks`}>{t('admin.sb.weeksCap')}</label>
          <input
            id={`${id}-weeks`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_WEEKS}
            step={1}
            value={numWeeks}
            aria-invalid={problem('numWeeks') ? true : undefined}
            aria-describedby={described('numWeeks')}
            onChange={(event) => setNumWeeks(event.target.value)}
          />
          {fieldError('numWeeks')}
        </div>
      </div>

      <fieldset className="field checkbox-group builder-days" aria-describedby={described('gameDays')}>
        <legend>{t('admin.sb.gameDays')}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="checkbox">
            <input
              type="checkbox"
              checked={gameDays.includes(day)}
              onChange={(event) => setGameDays((days) => (event.target.checked ? [...days, day] : days.filter((d) => d !== day)))}
            />
            {weekdayName(day)}
          </label>
        ))}
      </fieldset>
      {fieldError('gameDays')}

      <label className="checkbox" htmlFor={`${id}-same`}>
        <input
          id={`${id}-same`}
          type="checkbox"
          role="switch"
          aria-checked={sameSlot}
          checked={sameSlot}
          onChange={(event) => setSameSlot(event.target.checked)}
        />
        {t('admin.sb.sameSlots')}
      </label>

      {sameSlot ? (
        <fieldset className="builder-slots" aria-describedby={described('timeSlots')}>
          <legend>{t('admin.sb.timeSlots')}</legend>
          <SlotListEditor idPrefix={`${id}-slot`} label="" slots={timeSlots} errors={errors.slot} onChange={setTimeSlots} />
        </fieldset>
      ) : (
        <fieldset className="builder-slots" aria-describedby={described('timeSlots')}>
          <legend>{t('admin.sb.slotsPerWeek')}</legend>
          {weekCount === 0 ? <p className="field-hint">{t('admin.sb.slotsPerWeekHint')}</p> : null}
          <div className="builder-weekly">
            {weeklyLists.map((list, week) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one editor per week, in week order
              <div key={week} className="builder-week">
                <p className="builder-week-title">
                  {t('admin.sb.week', { n: week + 1 })}
                  {dates[week] ? (
                    <span className="muted"> {t('admin.sb.weekFrom', { date: formatNightDate(dates[week]) })}</span>
                  ) : null}
                </p>
                <SlotListEditor
                  idPrefix={`${id}-week-${week}`}
                  label={t('admin.sb.ofWeek', { n: week + 1 })}
                  slots={list}
                  errors={errors.weekly?.[week]?.slot}
                  onChange={(slots) => setWeek(week, slots)}
                />
                {errors.weekly?.[week]?.list ? <span className="field-error">{errors.weekly[week].list}</span> : null}
              </div>
            ))}
          </div>
        </fieldset>
      )}
      {fieldError('timeSlots')}

      <div>
        <button type="submit" className="button button-primary" disabled={busy || !seasonId}>
          {create.isPending ? t('admin.sb.creating') : t('admin.sb.create')}
        </button>{' '}
        <button type="submit" className="button" value="generate" disabled={busy || !seasonId}>
          {generate.isPending ? t('admin.sb.generating') : t('admin.sb.createAndGenerate')}
        </button>
      </div>
    </form>
  )
}
