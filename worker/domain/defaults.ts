// Defaults an organization gets for each of its sports (docs/reference/league-admin.md §3, docs/reference/games-and-statistics.md): stat definitions in
// the organization's own order, game periods (one named Final), and player attributes.

export interface DefaultStat {
  abbreviation: string
  name: string
}

export const defaultStats: Record<string, DefaultStat[]> = {
  basketball: [
    { abbreviation: 'PTS', name: 'Points' },
    { abbreviation: 'AST', name: 'Assists' },
    { abbreviation: 'REB', name: 'Rebounds' },
    { abbreviation: 'STL', name: 'Steals' },
    { abbreviation: 'BLK', name: 'Blocks' },
    { abbreviation: 'TO', name: 'Turnovers' },
    { abbreviation: 'FGM', name: 'Field Goals Made' },
    { abbreviation: 'FGA', name: 'Field Goals Attempted' },
    { abbreviation: 'FG%', name: 'Field Goal Percentage' },
    { abbreviation: 'FTM', name: 'Free Throws Made' },
    { abbreviation: 'FTA', name: 'Free Throws Attempted' },
    { abbreviation: 'FT%', name: 'Free Throw Percentage' },
    { abbreviation: '2PM', name: '2-Point Field Goals Made' },
    { abbreviation: '2PA', name: '2-Point Field Goals Attempted' },
    { abbreviation: '2P%', name: '2-Point Percentage' },
    { abbreviation: '3PM', name: '3-Point Field Goals Made' },
    { abbreviation: '3PA', name: '3-Point Field Goals Attempted' },
    { abbreviation: '3P%', name: '3-Point Percentage' },
  ],
  volleyball: [
    { abbreviation: 'K', name: 'Kills' },
    { abbreviation: 'A', name: 'Assists' },
    { abbreviation: 'SA', name: 'Service Aces' },
    { abbreviation: 'SE', name: 'Service Errors' },
    { abbreviation: 'DIG', name: 'Digs' },
    { abbreviation: 'BS', name: 'Block Solos' },
    { abbreviation: 'BA', name: 'Block Assists' },
    { abbreviation: 'E', name: 'Attack Errors' },
  ],
  baseball: [
    { abbreviation: 'AB', name: 'At Bats' },
    { abbreviation: 'R', name: 'Runs' },
    { abbreviation: 'H', name: 'Hits' },
    { abbreviation: 'RBI', name: 'Runs Batted In' },
    { abbreviation: 'HR', name: 'Home Runs' },
    { abbreviation: 'BB', name: 'Walks' },
    { abbreviation: 'SO', name: 'Strikeouts' },
    { abbreviation: 'SB', name: 'Stolen Bases' },
  ],
  tennis: [
    { abbreviation: 'ACE', name: 'Aces' },
    { abbreviation: 'DF', name: 'Double Faults' },
    { abbreviation: 'W', name: 'Winners' },
    { abbreviation: 'UE', name: 'Unforced Errors' },
    { abbreviation: 'GW', name: 'Games Won' },
    { abbreviation: 'SW', name: 'Sets Won' },
  ],
}

export const defaultGamePeriods: Record<string, string[]> = {
  basketball: ['1st Quarter', '2nd Quarter', '3rd Quarter', '4th Quarter', 'Overtime', 'Final'],
  volleyball: ['Set 1', 'Set 2', 'Set 3', 'Set 4', 'Set 5', 'Final'],
  baseball: [
    '1st Inning',
    '2nd Inning',
    '3rd Inning',
    '4th Inning',
    '5th Inning',
    '6th Inning',
    '7th Inning',
    '8th Inning',
    '9th Inning',
    'Extra Innings',
    'Final',
  ],
  tennis: ['Set 1', 'Set 2', 'Set 3', 'Set 4', 'Set 5', 'Final'],
}

export const defaultPlayerAttributes: { attributeName: string; attributeType: 'string' | 'number' | 'date' }[] = [
  { attributeName: 'Number', attributeType: 'number' },
  { attributeName: 'Position', attributeType: 'string' },
]

const FINAL = 'Final'

/** An organization's defaults, every name in one language. */
export interface Defaults {
  stats: Record<string, DefaultStat[]>
  periods: Record<string, string[]>
  attributes: typeof defaultPlayerAttributes
}

/** The English defaults above, exactly: an English organization's. */
export const englishDefaults: Defaults = { stats: defaultStats, periods: defaultGamePeriods, attributes: defaultPlayerAttributes }

/** The server catalog's key of a default name (i18n/<language>/server.json, `server.default.*`). */
export const defaultNameKey = {
  stat: (sport: string, abbreviation: string) => `server.default.stat.${sport}.${abbreviation.replace('%', 'Pct')}`,
  period: (sport: string, index: number) => `server.default.period.${sport}.${index + 1}`,
  attribute: (englishName: string) => `server.default.attribute.${englishName.toLowerCase()}`,
}

/**
 * The defaults with their names in a language (docs/decisions/2026-11-28-default-names-language.md):
 * names from `translate` (a `server` catalog), abbreviations and attribute types unchanged — they are
 * machine keys (live scoring, box-score totals and Reset to default find a stat by its abbreviation).
 * Without a translator: the English defaults, byte for byte.
 */
export function defaultsIn(translate?: (key: string) => string): Defaults {
  if (!translate) return englishDefaults
  const map = <T, U>(record: Record<string, T[]>, each: (sport: string, item: T, index: number) => U) =>
    Object.fromEntries(Object.entries(record).map(([sport, items]) => [sport, items.map((item, i) => each(sport, item, i))]))
  return {
    stats: map(defaultStats, (sport, stat) => ({ ...stat, name: translate(defaultNameKey.stat(sport, stat.abbreviation)) })),
    // `Final` is the one period found by its name (isFinalPeriod, worker/domain/derived-stats.ts): it keeps it in every language.
    periods: map(defaultGamePeriods, (sport, name, i) => (name === FINAL ? name : translate(defaultNameKey.period(sport, i)))),
    attributes: defaultPlayerAttributes.map((a) => ({
      ...a,
      attributeName: translate(defaultNameKey.attribute(a.attributeName)),
    })),
  }
}
