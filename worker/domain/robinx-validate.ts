// Re-checks a RobinX solution against its instance (docs/robinx.md): the constraint types the
// product writes, read as the RobinX validator reads them (github.com/Robin-X/RobinX). Pure: XML
// text in, violations out. Other constraint types are listed as not checked, never guessed at.
//
// Checked:
// - the solution's games name teams and slots of the instance;
// - each team plays at most one game per slot;
// - the round-robin structure: each pair of a league meets `numberRoundRobin` times, plus its
//   `AdditionalGames`; with an even number of round robins (and no additional game of the pair)
//   each team is at home in half of them;
// - CA1: each team of `teams` (and of `teamGroups`) plays at least `min` and at most `max` games of
//   `mode` (H home, A away, HA any) in the slots of `slots` (and of `slotGroups`); HARD ones are
//   violations, SOFT ones add `penalty` × the deviation to the objective, as ITC2021 scores them.

export interface XmlElement {
  name: string
  attrs: Record<string, string>
  children: XmlElement[]
  text: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITIES[e] ?? m),
  )

/**
 * The XML RobinX files use: elements, attributes, text, comments, the declaration. No library for
 * it is installed and workerd has no DOMParser (docs/decisions/2026-11-28-robinx.md); a malformed
 * file is an Error naming where.
 */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [], text: '' }
  const stack: XmlElement[] = [root]
  const tag =
    /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g
  const attr = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g
  let at = 0
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    const top = stack[stack.length - 1] as XmlElement
    const between = xml.slice(at, m.index)
    if (between.includes('<')) throw new Error(`Unreadable XML near character ${at + between.indexOf('<')}`)
    top.text += decode(between)
    at = tag.lastIndex
    if (m[1] !== undefined) {
      top.text += m[1]
      continue
    }
    const [, , closing, name, attrText, selfClosing] = m
    if (!name) continue
    if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`)
      stack.pop()
      continue
    }
    const element: XmlElement = { name, attrs: {}, children: [], text: '' }
    for (let a = attr.exec(attrText ?? ''); a; a = attr.exec(attrText ?? ''))
      element.attrs[a[1] as string] = decode(a[2] ?? a[3] ?? '')
    top.children.push(element)
    if (!selfClosing) stack.push(element)
  }
  if (xml.slice(at).includes('<')) throw new Error(`Unreadable XML near character ${at}`)
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]?.name}> is never closed`)
  const [document] = root.children
  if (!document) throw new Error('No XML element')
  return document
}

const child = (e: XmlElement | undefined, name: string) => e?.children.find((c) => c.name === name)
const childrenOf = (e: XmlElement | undefined, name: string) => e?.children.filter((c) => c.name === name) ?? []
const ids = (list: string | undefined) =>
  (list ?? '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number)

export interface Violation {
  /** `structure`, `slot`, `game` or the constraint's tag (`CA1`). */
  rule: string
  type: 'HARD' | 'SOFT'
  penalty: number
  message: string
}

export interface RobinxReport {
  /** HARD violations (the schedule is infeasible when there is any). */
  violations: Violation[]
  /** SOFT constraints' penalties, as ITC2021 adds them up. */
  objective: number
  /** Constraints of types this validator does not implement, by tag, with how many. */
  notChecked: Record<string, number>
  games: number
}

interface Match {
  home: number
  away: number
  slot: number
}

const CHECKED = new Set(['CA1'])

/** Checks a solution (XML) against its instance (XML). */
export function validateRobinx(instanceXml: string, solutionXml: string): RobinxReport {
  const instance = parseXml(instanceXml)
  const solution = parseXml(solutionXml)
  if (instance.name !== 'Instance') throw new Error('Not a RobinX instance: <Instance> expected')
  if (solution.name !== 'Solution') throw new Error('Not a RobinX solution: <Solution> expected')
  const resources = child(instance, 'Resources')
  const teams = childrenOf(child(resources, 'Teams'), 'team').map((t) => ({
    id: Number(t.attrs.id),
    name: t.attrs.name ?? `team ${t.attrs.id}`,
    league: Number(t.attrs.league ?? 0),
    groups: ids(t.attrs.teamGroups),
  }))
  const slots = childrenOf(child(resources, 'Slots'), 'slot').map((s) => ({
    id: Number(s.attrs.id),
    groups: ids(s.attrs.slotGroup ?? s.attrs.slotGroups),
  }))
  const teamIds = new Set(teams.map((t) => t.id))
  const slotIds = new Set(slots.map((s) => s.id))
  const violations: Violation[] = []
  const hard = (rule: string, message: string) => violations.push({ rule, type: 'HARD', penalty: 1, message })
  const teamName = (id: number) => teams.find((t) => t.id === id)?.name ?? `team ${id}`

  const matches: Match[] = []
  for (const m of childrenOf(child(solution, 'Games'), 'ScheduledMatch')) {
    const match = { home: Number(m.attrs.home), away: Number(m.attrs.away), slot: Number(m.attrs.slot) }
    if (!teamIds.has(match.home) || !teamIds.has(match.away) || match.home === match.away)
      hard('game', `A game names teams ${m.attrs.home} and ${m.attrs.away}, not two teams of the instance`)
    else if (!slotIds.has(match.slot)) hard('game', `A game is in slot ${m.attrs.slot}, which the instance does not have`)
    else matches.push(match)
  }

  // Each team at most one game per slot.
  const played = new Map<string, number>()
  for (const m of matches)
    for (const team of [m.home, m.away]) {
      const key = `${team}@${m.slot}`
      played.set(key, (played.get(key) ?? 0) + 1)
      if (played.get(key) === 2) hard('slot', `${teamName(team)} plays more than one game in slot ${m.slot}`)
    }

  // The round-robin structure of each league's format.
  const structure = child(instance, 'Structure')
  const extra = new Map<string, number>()
  const pairKey = (a: number, b: number) => (a < b ? `${a};${b}` : `${b};${a}`)
  for (const g of childrenOf(child(structure, 'AdditionalGames'), 'game')) {
    const key = pairKey(Number(g.attrs.team1), Number(g.attrs.team2))
    extra.set(key, (extra.get(key) ?? 0) + 1)
  }
  const meetings = new Map<string, number>()
  const homeOf = new Map<string, number>()
  for (const m of matches) {
    meetings.set(pairKey(m.home, m.away), (meetings.get(pairKey(m.home, m.away)) ?? 0) + 1)
    homeOf.set(`${m.home};${m.away}`, (homeOf.get(`${m.home};${m.away}`) ?? 0) + 1)
  }
  for (const format of childrenOf(structure, 'Format')) {
    const k = Number(child(format, 'numberRoundRobin')?.text.trim() ?? Number.NaN)
    if (!Number.isInteger(k) || k < 0) {
      hard('structure', 'The format has no number of round robins')
      continue
    }
    const leagues = new Set(ids(format.attrs.leagueIds))
    const inLeague = teams.filter((t) => leagues.size === 0 || leagues.has(t.league)).map((t) => t.id)
    for (let i = 0; i < inLeague.length; i++)
      for (let j = i + 1; j < inLeague.length; j++) {
        const [a, b] = [inLeague[i] as number, inLeague[j] as number]
        const key = pairKey(a, b)
        const wanted = k + (extra.get(key) ?? 0)
        const met = meetings.get(key) ?? 0
        if (met !== wanted) hard('structure', `${teamName(a)} and ${teamName(b)} meet ${met} times; the format wants ${wanted}`)
        else if (k % 2 === 0 && !extra.has(key) && (homeOf.get(`${a};${b}`) ?? 0) !== k / 2)
          hard('structure', `${teamName(a)} and ${teamName(b)} do not each play ${k / 2} of their ${k} meetings at home`)
      }
  }

  // Capacity constraints: CA1 checked, every other type counted as not checked.
  const teamsOfGroup = (group: number) => teams.filter((t) => t.groups.includes(group)).map((t) => t.id)
  const slotsOfGroup = (group: number) => slots.filter((s) => s.groups.includes(group)).map((s) => s.id)
  let objective = 0
  const notChecked: Record<string, number> = {}
  for (const group of child(instance, 'Constraints')?.children ?? [])
    for (const c of group.children) {
      if (!CHECKED.has(c.name)) {
        notChecked[c.name] = (notChecked[c.name] ?? 0) + 1
        continue
      }
      const inTeams = new Set([...ids(c.attrs.teams), ...ids(c.attrs.teamGroups).flatMap(teamsOfGroup)])
      const inSlots = new Set([...ids(c.attrs.slots), ...ids(c.attrs.slotGroups).flatMap(slotsOfGroup)])
      const min = Number(c.attrs.min ?? 0)
      const max = Number(c.attrs.max ?? Number.POSITIVE_INFINITY)
      const mode = c.attrs.mode ?? 'HA'
      const penalty = Number(c.attrs.penalty ?? 1)
      const type = c.attrs.type === 'SOFT' ? 'SOFT' : 'HARD'
      for (const team of inTeams) {
        let count = 0
        for (const m of matches) {
          if (!inSlots.has(m.slot)) continue
          if ((m.home === team && mode !== 'A') || (m.away === team && mode !== 'H')) count++
        }
        const deviation = count > max ? count - max : count < min ? min - count : 0
        if (deviation === 0) continue
        if (type === 'HARD')
          violations.push({
            rule: 'CA1',
            type,
            penalty: penalty * deviation,
            message: `${teamName(team)} plays ${count} ${mode === 'H' ? 'home ' : mode === 'A' ? 'away ' : ''}games in slots ${[...inSlots].join(';')}; at most ${max}${min > 0 ? `, at least ${min}` : ''}`,
          })
        else objective += penalty * deviation
      }
    }
  return { violations, objective, notChecked, games: matches.length }
}
