// Tiebreakers (docs/playoffs.md "Tiebreakers"): a league's ordered list of rules places teams that
// share a record, and every placed team gets a sentence saying which rule placed it. Pure: shared by
// the server and the browser.
//
// Win percentage always comes first (docs/reference/league-admin.md §9); the league's list
// follows. When a rule splits a group of tied teams into smaller groups, each smaller group starts
// again from the first rule ("restart"), so head-to-head is recomputed among exactly the teams still
// tied. Team id and name never decide a place: teams that tie on every rule share a position.

import { TIEBREAK_RULES } from '../contract/playoffs'
import { at } from './at'
import { countsForStandings, type GameResult, winPercentage } from './standings.ts'

// The rules' names are the API's (worker/contract/playoffs.ts): the settings call takes and answers them.
export { TIEBREAK_RULES }
export type TiebreakRuleName = (typeof TIEBREAK_RULES)[number] | 'winPercentage'

/** Today's order (docs/reference/league-admin.md §9) followed by head-to-head. */
export const DEFAULT_TIEBREAKERS: TiebreakRuleName[] = ['fewerLosses', 'moreWins', 'headToHead']

export const RULE_LABELS: Record<TiebreakRuleName, string> = {
  winPercentage: 'win percentage',
  fewerLosses: 'fewer losses',
  moreWins: 'more wins',
  headToHead: 'head-to-head',
  pointDifferential: 'point differential',
  pointsAllowed: 'points allowed',
  commonOpponents: 'record against common opponents',
  fewestForfeits: 'fewest forfeits',
  staffOrder: 'order set by staff (coin flip)',
}

export interface TiebreakSettings {
  /** Rules after win percentage, in order; no repeats. */
  rules: TiebreakRuleName[]
  /** Largest margin a single game adds to the point differential (null: no cap). */
  pointCap?: number | null
  /** Team ids in the order staff set (a recorded coin flip); teams not named tie after those named. */
  staffOrder?: number[]
}

export interface TiebreakTeam {
  id: number
  name: string
}

export interface Tiebreak {
  rule: TiebreakRuleName | null
  /** "ahead of And One on head-to-head, 2–0"; "level with And One on every tiebreaker". */
  explanation: string
}

/** What a rule found of one team: a record (head-to-head, common opponents) or a number. */
export type RuleFact = { wins: number; losses: number; tied?: number } | { value: number | null }

export type TiebreakDetail =
  | { kind: 'level'; teams: string[] }
  | { kind: 'ahead' | 'behind'; team: string; rule: TiebreakRuleName; mine: RuleFact; theirs: RuleFact }

export interface Placed {
  id: number
  wins: number
  losses: number
  /** 1-based; shared only by teams that tie on every rule. */
  position: number
  /** Null when no other team shares this team's record. */
  tiebreak: Tiebreak | null
  /** The tiebreak as facts, for a page that writes it in another language (docs/languages.md). */
  tiebreakDetail: TiebreakDetail | null
}

interface Stats {
  wins: number
  losses: number
  pointsFor: number
  pointsAgainst: number
  forfeits: number
  differential: number
}

const dash = (w: number, l: number) => `${w}–${l}`
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

/** One decided game as the engine reads it: winner, loser, margin. */
interface Decided {
  a: number
  b: number
  scoreA: number
  scoreB: number
  winner: number
  loser: number
  forfeit: boolean
}

function decided(games: GameResult[], ids: Set<number>): Decided[] {
  const out: Decided[] = []
  for (const g of games) {
    if (!countsForStandings(g)) continue
    if (!ids.has(g.team1Id) || !ids.has(g.team2Id)) continue
    const team1Won = g.scoreTeam1 > g.scoreTeam2
    out.push({
      a: g.team1Id,
      b: g.team2Id,
      scoreA: g.scoreTeam1,
      scoreB: g.scoreTeam2,
      winner: team1Won ? g.team1Id : g.team2Id,
      loser: team1Won ? g.team2Id : g.team1Id,
      forfeit: g.status === 'forfeit',
    })
  }
  return out
}

/** A rule's verdict on a group: a value per team (higher is better) and how to say it. */
interface Measure {
  value: (id: number) => number
  say: (id: number) => string
  fact: (id: number) => RuleFact
}

type WinLoss = { wins: number; losses: number }

/**
 * A measure by a record among some games (head to head, against common opponents): its winning percentage, said
 * as `words` puts it. A team without such a game sits at .500: neither helped nor hurt.
 */
function byRecord(records: Map<number, WinLoss>, words: (r: WinLoss) => string, tied?: number): Measure {
  const of = (id: number) => records.get(id) as WinLoss
  return {
    fact: (id) => ({ ...of(id), ...(tied === undefined ? {} : { tied }) }),
    value: (id) => {
      const r = of(id)
      return r.wins + r.losses === 0 ? 0.5 : r.wins / (r.wins + r.losses)
    },
    say: (id) => words(of(id)),
  }
}

function measure(
  rule: TiebreakRuleName,
  group: number[],
  stats: Map<number, Stats>,
  games: Decided[],
  settings: TiebreakSettings,
): Measure {
  const st = (id: number) => stats.get(id) as Stats
  switch (rule) {
    case 'winPercentage':
      return {
        value: (id) => winPercentage(st(id)),
        say: (id) => winPercentage(st(id)).toFixed(3),
        fact: (id) => ({ value: winPercentage(st(id)) }),
      }
    case 'fewerLosses':
      return { value: (id) => -st(id).losses, say: (id) => `${st(id).losses} losses`, fact: (id) => ({ value: st(id).losses }) }
    case 'moreWins':
      return { value: (id) => st(id).wins, say: (id) => `${st(id).wins} wins`, fact: (id) => ({ value: st(id).wins }) }
    case 'headToHead': {
      const members = new Set(group)
      const mini = new Map(group.map((id) => [id, { wins: 0, losses: 0 }]))
      for (const g of games) {
        if (!members.has(g.a) || !members.has(g.b)) continue
        ;(mini.get(g.winner) as Stats).wins++
        ;(mini.get(g.loser) as Stats).losses++
      }
      return byRecord(
        mini,
        (r) => (group.length === 2 ? dash(r.wins, r.losses) : `${dash(r.wins, r.losses)} among the ${group.length} tied teams`),
        group.length === 2 ? undefined : group.length,
      )
    }
    case 'pointDifferential':
      return {
        value: (id) => st(id).differential,
        say: (id) => signed(st(id).differential),
        fact: (id) => ({ value: st(id).differential }),
      }
    case 'pointsAllowed':
      return {
        value: (id) => -st(id).pointsAgainst,
        say: (id) => `${st(id).pointsAgainst} allowed`,
        fact: (id) => ({ value: st(id).pointsAgainst }),
      }
    case 'commonOpponents': {
      const members = new Set(group)
      const opponents = new Map(group.map((id) => [id, new Set<number>()]))
      for (const g of games) {
        if (members.has(g.a) && !members.has(g.b)) opponents.get(g.a)?.add(g.b)
        if (members.has(g.b) && !members.has(g.a)) opponents.get(g.b)?.add(g.a)
      }
      const sets = group.map((id) => opponents.get(id) as Set<number>)
      const common = new Set([...at(sets, 0)].filter((o) => sets.every((s) => s.has(o))))
      const rec = new Map(group.map((id) => [id, { wins: 0, losses: 0 }]))
      for (const g of games) {
        for (const [me, them] of [
          [g.a, g.b],
          [g.b, g.a],
        ] as const) {
          if (!members.has(me) || !common.has(them)) continue
          const r = rec.get(me) as { wins: number; losses: number }
          if (g.winner === me) r.wins++
          else r.losses++
        }
      }
      return byRecord(rec, (r) => `${dash(r.wins, r.losses)} against common opponents`)
    }
    case 'fewestForfeits':
      return {
        value: (id) => -st(id).forfeits,
        say: (id) => `${st(id).forfeits} forfeit${st(id).forfeits === 1 ? '' : 's'}`,
        fact: (id) => ({ value: st(id).forfeits }),
      }
    case 'staffOrder': {
      const order = settings.staffOrder ?? []
      const at = (id: number) => {
        const i = order.indexOf(id)
        return i === -1 ? -order.length : -i
      }
      return {
        value: at,
        say: (id) => (order.includes(id) ? `drawn ${order.indexOf(id) + 1}` : 'not in the draw'),
        fact: (id) => ({ value: order.includes(id) ? order.indexOf(id) + 1 : null }),
      }
    }
  }
}

interface Split {
  rule: TiebreakRuleName
  /** What the rule says of the team above and the team below the split. */
  above: string
  below: string
  aboveFact: RuleFact
  belowFact: RuleFact
}

/**
 * Orders `group` by the rules from the first; when a rule splits it, each part starts again from
 * the first rule. Returns the groups in order (each of size 1 unless every rule tied) and, for
 * each adjacent pair of groups, the rule that split them.
 */
function order(
  group: number[],
  rules: TiebreakRuleName[],
  stats: Map<number, Stats>,
  games: Decided[],
  settings: TiebreakSettings,
  splits: Map<string, Split>,
): number[][] {
  if (group.length <= 1) return [group]
  for (const rule of rules) {
    const m = measure(rule, group, stats, games, settings)
    const values = [...new Set(group.map(m.value))].sort((x, y) => y - x)
    if (values.length === 1) continue
    const parts = values.map((v) => group.filter((id) => m.value(id) === v))
    const out: number[][] = []
    for (let i = 0; i < parts.length; i++) {
      const placed = order(at(parts, i), rules, stats, games, settings, splits)
      if (i > 0) {
        const above = at(out, out.length - 1)
        const below = at(placed, 0)
        // Every team of the upper part is ahead of every team of the lower part on this rule.
        for (const x of above)
          for (const y of below)
            splits.set(`${x}:${y}`, { rule, above: m.say(x), below: m.say(y), aboveFact: m.fact(x), belowFact: m.fact(y) })
      }
      out.push(...placed)
    }
    return out
  }
  return [group]
}

/**
 * Places the teams of one league: by win percentage, then the league's rules, with a position and,
 * for each team that shares its record, the rule that placed it. The answer lists teams in order;
 * teams sharing a position are listed by name (display only, the position is shared).
 */
export function placeTeams(teams: TiebreakTeam[], games: GameResult[], settings: TiebreakSettings): Placed[] {
  const ids = new Set(teams.map((t) => t.id))
  const names = new Map(teams.map((t) => [t.id, t.name]))
  const all = decided(games, ids)
  const stats = new Map<number, Stats>(
    teams.map((t) => [t.id, { wins: 0, losses: 0, pointsFor: 0, pointsAgainst: 0, forfeits: 0, differential: 0 }]),
  )
  const cap = settings.pointCap && settings.pointCap > 0 ? settings.pointCap : Number.POSITIVE_INFINITY
  for (const g of all) {
    const a = stats.get(g.a) as Stats
    const b = stats.get(g.b) as Stats
    a.pointsFor += g.scoreA
    a.pointsAgainst += g.scoreB
    b.pointsFor += g.scoreB
    b.pointsAgainst += g.scoreA
    const margin = Math.min(cap, Math.abs(g.scoreA - g.scoreB))
    a.differential += g.scoreA > g.scoreB ? margin : -margin
    b.differential += g.scoreB > g.scoreA ? margin : -margin
    ;(stats.get(g.winner) as Stats).wins++
    const loser = stats.get(g.loser) as Stats
    loser.losses++
    if (g.forfeit) loser.forfeits++
  }
  const rules: TiebreakRuleName[] = ['winPercentage', ...settings.rules.filter((r) => r !== ('winPercentage' as string))]
  const splits = new Map<string, Split>()
  const groups = order(
    teams.map((t) => t.id),
    rules,
    stats,
    all,
    settings,
    splits,
  )
  // Teams level on win percentage are the ones the tiebreakers placed.
  const record = (id: number) => winPercentage(stats.get(id) as Stats)
  const byName = (x: number, y: number) => (names.get(x) ?? '').localeCompare(names.get(y) ?? '')
  const flat: { id: number; position: number }[] = []
  let position = 1
  for (const g of groups) {
    for (const id of [...g].sort(byName)) flat.push({ id, position })
    position += g.length
  }
  return flat.map(({ id, position: pos }, i) => {
    const st = stats.get(id) as Stats
    const sharing = flat.filter((f) => f.id !== id && record(f.id) === record(id))
    let tiebreak: Tiebreak | null = null
    let detail: TiebreakDetail | null = null
    if (sharing.length > 0) {
      const level = flat.filter((f) => f.id !== id && f.position === pos)
      const next = flat[i + 1]
      const prev = flat[i - 1]
      if (level.length > 0) {
        const teams = level.map((f) => names.get(f.id) ?? '')
        tiebreak = {
          rule: null,
          explanation: `level with ${teams.join(', ')} on every tiebreaker`,
        }
        detail = { kind: 'level', teams }
      } else if (next && record(next.id) === record(id)) {
        const s = splits.get(`${id}:${next.id}`) as Split
        tiebreak = {
          rule: s.rule,
          explanation: `ahead of ${names.get(next.id)} on ${RULE_LABELS[s.rule]}, ${says(s, 'above')}`,
        }
        detail = { kind: 'ahead', team: names.get(next.id) ?? '', rule: s.rule, mine: s.aboveFact, theirs: s.belowFact }
      } else if (prev) {
        const s = splits.get(`${prev.id}:${id}`) as Split
        tiebreak = {
          rule: s.rule,
          explanation: `behind ${names.get(prev.id)} on ${RULE_LABELS[s.rule]}, ${says(s, 'below')}`,
        }
        detail = { kind: 'behind', team: names.get(prev.id) ?? '', rule: s.rule, mine: s.belowFact, theirs: s.aboveFact }
      }
    }
    return { id, wins: st.wins, losses: st.losses, position: pos, tiebreak, tiebreakDetail: detail }
  })
}

function says(s: Split, side: 'above' | 'below') {
  // Head-to-head and common opponents read as this team's own record; the rest compare both sides.
  if (s.rule === 'headToHead' || s.rule === 'commonOpponents') return side === 'above' ? s.above : s.below
  return side === 'above' ? `${s.above} to ${s.below}` : `${s.below} to ${s.above}`
}
