// The generator's explanations as catalog sentences with their values (docs/languages.md): beside
// each English sentence the generator writes (the wire contract, unchanged), the `server` catalog key
// (`server.scheduleProblem.*`) and the teams, dates and slots it names, so an answer in another
// language is written whole from them (writeTranslation), never assembled from English parts.
import type { Translation, TranslationValue } from '../i18n.ts'
import type { HardViolation, ScheduleInput, ScheduleTeam } from './types.ts'

const KEY = 'server.scheduleProblem'

export const say = (name: string, values?: Translation['values']): Translation => ({
  key: `${KEY}.${name}`,
  ...(values ? { values } : {}),
})

/** A team by its name, or `team 7` in the language without one. */
export const teamWord = (team: ScheduleTeam | undefined, id: number): TranslationValue =>
  team?.name ?? say('team', { id: String(id) })

/** A calendar day, or `week 3` when the generator knows only the week. */
export const dayWord = (date: string | null | undefined, weekIndex: number): TranslationValue =>
  date ? { localDate: date } : say('week', { week: String(weekIndex) })

export const timesWord = (times: string[]): TranslationValue => ({ list: times.map((localTime) => ({ localTime })) })
export const datesWord = (dates: string[]): TranslationValue => ({
  list: dates.map((d) => (/^\d{4}-\d{2}-\d{2}$/.test(d) ? { localDate: d } : d)),
})

/** A broken hard rule (a refused swap's reason) as a catalog sentence. */
export function violationWords(input: ScheduleInput, v: HardViolation): Translation {
  const team = (id: number | undefined) =>
    teamWord(
      input.teams.find((t) => t.id === id),
      id ?? 0,
    )
  const date = dayWord(v.date, v.weekIndex)
  const time = v.time ? { localTime: v.time } : ''
  const [first, second] = v.teamIds
  switch (v.rule) {
    case 'week-off':
      return say('violation.weekOff', { date })
    case 'clash':
      return say('violation.clash', { team: team(first), date, time })
    case 'unavailable':
      return say('violation.unavailable', { team: team(first), date, time })
    case 'rematch':
      return say('violation.rematch', { team1: team(first), team2: team(second), date })
    default:
      return say('violation.lostGame', { home: team(first), away: team(second), week: String(v.weekIndex), time })
  }
}
