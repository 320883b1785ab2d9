// A standings line's tiebreak in the page's language (docs/languages.md): English keeps the server's
// sentence exactly; another language writes the same facts from the site catalog.
import { formatNumber, SOURCE_LANGUAGE, type Translate } from '../../../../worker/domain/i18n'
import type { RuleFact } from '../../../../worker/domain/tiebreak'
import type { StandingRow } from './api'

type Fact = RuleFact

function fact(rule: string, value: Fact, t: Translate, language: string): string {
  if ('wins' in value) {
    const record = t('standings.tb.record', { wins: value.wins, losses: value.losses })
    if (rule === 'commonOpponents') return t('standings.tb.commonOpponents', { record })
    return value.tied ? t('standings.tb.among', { record, count: value.tied }) : record
  }
  const n = value.value
  switch (rule) {
    case 'winPercentage':
      return formatNumber(language, n ?? 0, { minimumFractionDigits: 3, maximumFractionDigits: 3 })
    case 'fewerLosses':
      return t('standings.tb.losses', { count: n ?? 0 })
    case 'moreWins':
      return t('standings.tb.wins', { count: n ?? 0 })
    case 'pointDifferential':
      return formatNumber(language, n ?? 0, { signDisplay: 'exceptZero' })
    case 'pointsAllowed':
      return t('standings.tb.allowed', { count: n ?? 0 })
    case 'fewestForfeits':
      return t('standings.tb.forfeits', { count: n ?? 0 })
    default:
      return n === null ? t('standings.tb.notDrawn') : t('standings.tb.drawn', { position: n })
  }
}

/** The sentence under a team that shares its record, capitalised as the page shows it. */
export function tiebreakWords(row: Pick<StandingRow, 'tiebreak' | 'tiebreakDetail'>, t: Translate, language: string): string {
  const english = row.tiebreak?.explanation ?? ''
  const detail = row.tiebreakDetail
  if (language === SOURCE_LANGUAGE || !detail) return english.charAt(0).toUpperCase() + english.slice(1)
  if (detail.kind === 'level') return t('standings.tb.level', { teams: detail.teams.join(', ') })
  const mine = fact(detail.rule, detail.mine, t, language)
  // Head-to-head and common opponents read as this team's own record; the rest compare both sides.
  const says =
    detail.rule === 'headToHead' || detail.rule === 'commonOpponents'
      ? mine
      : t('standings.tb.compare', { mine, theirs: fact(detail.rule, detail.theirs, t, language) })
  return t(detail.kind === 'ahead' ? 'standings.tb.ahead' : 'standings.tb.behind', {
    team: detail.team,
    rule: t(`standings.tb.rule.${detail.rule}`),
    says,
  })
}
