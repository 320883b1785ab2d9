import { type FormEvent, useId, useState } from 'react'
import { FieldError, FormModal } from '../../components/form-modal'
import { ApiError } from '../../lib/api-client'
import { useT } from '../../lib/i18n'
import { failureOf } from '../../lib/query-status'
import type { SeasonLeague } from '../../lib/seasons-api'
import { type LeagueRules, useSaveLeagueRules } from './captains-api'

/**
 * docs/members.md "League rules": the league's roster size and deadline, the availability reminder's
 * lead, the fewest "In" before a forfeit-risk alert, and the captains' score-report deadline.
 */
export function LeagueRulesModal({
  seasonId,
  league,
  onSaved,
  onClose,
}: {
  seasonId: number
  league: SeasonLeague
  onSaved: () => void
  onClose: () => void
}) {
  const t = useT()
  const id = useId()
  const save = useSaveLeagueRules(seasonId, league.id)
  const [rosterSize, setRosterSize] = useState(league.rosterSize === null ? '' : String(league.rosterSize))
  const [rosterDeadline, setRosterDeadline] = useState(league.rosterDeadline ?? '')
  const [reminderHours, setReminderHours] = useState(String(league.reminderHours))
  const [minPlayers, setMinPlayers] = useState(String(league.minPlayers))
  const [reportDeadlineHours, setReportDeadlineHours] = useState(String(league.reportDeadlineHours))
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {}

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const rules: LeagueRules = {
      rosterSize: rosterSize.trim() === '' ? null : Number(rosterSize),
      rosterDeadline: rosterDeadline || null,
      reminderHours: Number(reminderHours),
      minPlayers: Number(minPlayers),
      reportDeadlineHours: Number(reportDeadlineHours),
    }
    save.mutate({ ...rules, name: league.name, version: league.version }, { onSuccess: onSaved })
  }

  const number = (
    key: keyof LeagueRules,
    value: string,
    set: (value: string) => void,
    limits: { min: number; max: number; required: boolean },
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{t(`admin.leagueRules.${key}`)}</label>
      <input
        id={`${id}-${key}`}
        type="number"
        inputMode="numeric"
        min={limits.min}
        max={limits.max}
        step={1}
        required={limits.required}
        value={value}
        aria-invalid={fields[key] ? true : undefined}
        aria-describedby={`${id}-${key}-help${fields[key] ? ` ${id}-${key}-error` : ''}`}
        onChange={(event) => set(event.target.value)}
      />
      <span className="muted field-help" id={`${id}-${key}-help`}>
        {t(`admin.leagueRules.${key}Help`)}
      </span>
      <FieldError id={`${id}-${key}-error`}>{fields[key]}</FieldError>
    </div>
  )

  return (
    <FormModal
      title={t('admin.leagueRules.title', { league: league.name })}
      onClose={onClose}
      formId={`${id}-form`}
      onSubmit={submit}
      submitLabel={t('admin.common.saveChanges')}
      busy={save.isPending}
      alerts={[failureOf(save, t('admin.leagueRules.saveFailed'))]}
    >
      <div className="form-grid">
        {number('rosterSize', rosterSize, setRosterSize, { min: 1, max: 200, required: false })}
        <div className="field">
          <label htmlFor={`${id}-rosterDeadline`}>{t('admin.leagueRules.rosterDeadline')}</label>
          <input
            id={`${id}-rosterDeadline`}
            type="date"
            value={rosterDeadline}
            aria-invalid={fields.rosterDeadline ? true : undefined}
            aria-describedby={`${id}-rosterDeadline-help`}
            onChange={(event) => setRosterDeadline(event.target.value)}
          />
          <span className="muted field-help" id={`${id}-rosterDeadline-help`}>
            {t('admin.leagueRules.rosterDeadlineHelp')}
          </span>
          <FieldError id={`${id}-rosterDeadline-error`}>{fields.rosterDeadline}</FieldError>
        </div>
        {number('reminderHours', reminderHours, setReminderHours, { min: 1, max: 336, required: true })}
        {number('minPlayers', minPlayers, setMinPlayers, { min: 1, max: 50, required: true })}
        {number('reportDeadlineHours', reportDeadlineHours, setReportDeadlineHours, { min: 1, max: 336, required: true })}
      </div>
    </FormModal>
  )
}
