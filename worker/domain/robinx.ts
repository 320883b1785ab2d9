// A league's schedule as a RobinX instance and solution (docs/robinx.md): the format of the
// round-robin sports timetabling literature (Van Bulck et al., "RobinX: A three-field
// classification and unified data format for round-robin sports timetabling", EJOR 2020), the one
// the ITC2021 instances use. Pure: plain data in, XML text out.
//
// How the product's schedule is written:
// - a RobinX slot is one cell of the schedule: one time of one playing night (a night off has
//   none); each night is a slot group, named by its date;
// - teams are numbered 0… in the order given; the names are the league's;
// - Structure: `numberRoundRobin` k is how many full round robins the season's games make
//   (the fewest meetings of any pair), and each pair's meetings beyond k are `AdditionalGames` (home open);
//   `compactness` R: teams do not play in every slot;
// - Constraints, all HARD (the generator's hard rules, docs/reference/schedule-builder.md):
//   CA1 for every slot: each team plays at most one game in it;
//   CA1 for every night: each team plays at most two games in its slots (a double-header);
//   CA1 for every team's unavailable times: no game in those slots;
//   CA1 for every team's blackout dates: no game in any slot of those nights.
// - Team requests, SOFT with their weights (docs/reference/schedule-builder.md §7): an earliest or
//   latest start is a CA1 max 0 on the slots that miss it; one game a night a CA1 max 1 per night.
//   A preferred venue has no RobinX form (a slot is a time of a night, with no place), so it is not
//   written (docs/robinx.md).

import { REQUEST_WEIGHTS, type RequestKind } from './scheduler/courts'

export interface RobinxTeam {
  id: number
  name: string
  /** Times (HH:mm) the team cannot play, every week. */
  unavailableSlots: string[]
  /** Dates the team cannot play at all (its blackout dates, docs/venues.md "Team constraints"). */
  blackoutDates?: string[]
  /** Its soft requests (docs/venues.md "Team constraints"); a preferred venue is not written. */
  requests?: { kind: RequestKind; time?: string | null }[]
}

export interface RobinxWeek {
  index: number
  date: string
  slots: string[]
  off?: boolean
}

export interface RobinxGame {
  weekIndex: number
  time: string
  homeId: number
  awayId: number
}

export interface RobinxSchedule {
  name: string
  teams: RobinxTeam[]
  weeks: RobinxWeek[]
  games: RobinxGame[]
}

export interface RobinxExport {
  instance: string
  solution: string
}

/** Text as an XML attribute value. */
export const xmlAttr = (value: string | number) =>
  String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

interface Cell {
  id: number
  weekIndex: number
  time: string
  group: number
}

/** The schedule's cells as RobinX slots, night by night, and the nights as slot groups. */
export function robinxSlots(weeks: RobinxWeek[]) {
  const cells: Cell[] = []
  const groups: { id: number; date: string; weekIndex: number }[] = []
  for (const week of [...weeks].sort((a, b) => a.index - b.index)) {
    if (week.off || week.slots.length === 0) continue
    const group = groups.length
    groups.push({ id: group, date: week.date, weekIndex: week.index })
    for (const time of week.slots) cells.push({ id: cells.length, weekIndex: week.index, time, group })
  }
  return { cells, groups }
}

/** A team's request as SOFT CA1s weighted as the generator weighs it; none for a preferred venue. */
function requestConstraints(
  team: number,
  request: NonNullable<RobinxTeam['requests']>[number],
  cells: Cell[],
  groups: { id: number }[],
): string[] {
  const penalty = REQUEST_WEIGHTS[request.kind]
  const soft = (slots: number[], max: number) =>
    `      <CA1 teams="${team}" slots="${slots.join(';')}" min="0" max="${max}" mode="HA" type="SOFT" penalty="${penalty}"/>`
  const time = request.time
  if ((request.kind === 'earliestStart' || request.kind === 'latestStart') && time) {
    const missing = cells.filter((c) => (request.kind === 'earliestStart' ? c.time < time : c.time > time)).map((c) => c.id)
    return missing.length > 0 ? [soft(missing, 0)] : []
  }
  if (request.kind === 'oneGameANight')
    return groups
      .map((g) => cells.filter((c) => c.group === g.id).map((c) => c.id))
      .filter((slots) => slots.length > 1)
      .map((slots) => soft(slots, 1))
  return []
}

const pairKey = (a: number, b: number) => (a < b ? `${a};${b}` : `${b};${a}`)

/** The instance and the solution of one schedule. Games of cells the weeks do not have are refused. */
export function exportRobinx(schedule: RobinxSchedule): RobinxExport {
  const { cells, groups } = robinxSlots(schedule.weeks)
  const teamIndex = new Map(schedule.teams.map((t, i) => [t.id, i]))
  const cellOf = new Map(cells.map((c) => [`${c.weekIndex}@${c.time}`, c]))
  const all = schedule.teams.map((_, i) => i).join(';')

  const matches = schedule.games.map((g) => {
    const cell = cellOf.get(`${g.weekIndex}@${g.time}`)
    const home = teamIndex.get(g.homeId)
    const away = teamIndex.get(g.awayId)
    if (!cell || home === undefined || away === undefined)
      throw new Error(`A game (week ${g.weekIndex}, ${g.time}) is outside the schedule's nights, slots or teams`)
    return { home, away, slot: cell.id }
  })

  // Structure: full round robins, and each pair's meetings beyond them.
  const n = schedule.teams.length
  const pairs = (n * (n - 1)) / 2
  const meetings = new Map<string, number>()
  for (const m of matches) meetings.set(pairKey(m.home, m.away), (meetings.get(pairKey(m.home, m.away)) ?? 0) + 1)
  // k: the round robins every pair completes (a pair with no time both teams can play never meets,
  // docs/robinx.md); every meeting beyond them is an additional game.
  const k = pairs > 0 && meetings.size === pairs ? Math.min(...meetings.values()) : 0
  const additional: string[] = []
  for (const [key, count] of [...meetings].sort()) {
    const [a, b] = key.split(';')
    for (let extra = k; extra < count; extra++) additional.push(`      <game team1="${a}" team2="${b}" noHome="1"/>`)
  }

  const constraints: string[] = []
  for (const cell of cells)
    constraints.push(`      <CA1 teams="${all}" slots="${cell.id}" min="0" max="1" mode="HA" type="HARD" penalty="1"/>`)
  for (const group of groups) {
    const slots = cells.filter((c) => c.group === group.id).map((c) => c.id)
    if (slots.length > 2)
      constraints.push(`      <CA1 teams="${all}" slots="${slots.join(';')}" min="0" max="2" mode="HA" type="HARD" penalty="1"/>`)
  }
  const dateOf = new Map(groups.map((g) => [g.id, g.date]))
  schedule.teams.forEach((team, i) => {
    // A blackout date: no game in any slot of that night (CA1, max 0), as unavailable times are.
    const dark = cells.filter((c) => team.blackoutDates?.includes(dateOf.get(c.group) ?? '')).map((c) => c.id)
    if (dark.length > 0)
      constraints.push(`      <CA1 teams="${i}" slots="${dark.join(';')}" min="0" max="0" mode="HA" type="HARD" penalty="1"/>`)
    const blocked = cells.filter((c) => team.unavailableSlots.includes(c.time)).map((c) => c.id)
    if (blocked.length > 0)
      constraints.push(`      <CA1 teams="${i}" slots="${blocked.join(';')}" min="0" max="0" mode="HA" type="HARD" penalty="1"/>`)
    for (const request of team.requests ?? []) constraints.push(...requestConstraints(i, request, cells, groups))
  })

  const instance = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Instance>',
    '  <MetaData>',
    `    <InstanceName>${xmlAttr(schedule.name)}</InstanceName>`,
    '    <DataType>R</DataType>',
    '    <Contributor>Courtside</Contributor>',
    '  </MetaData>',
    '  <Structure>',
    '    <Format leagueIds="0">',
    `      <numberRoundRobin>${k}</numberRoundRobin>`,
    '      <compactness>R</compactness>',
    '    </Format>',
    additional.length > 0 ? `    <AdditionalGames>\n${additional.join('\n')}\n    </AdditionalGames>` : '    <AdditionalGames/>',
    '  </Structure>',
    '  <ObjectiveFunction>',
    '    <Objective>NONE</Objective>',
    '  </ObjectiveFunction>',
    '  <Data/>',
    '  <Resources>',
    '    <Leagues>',
    '      <league id="0" name="League"/>',
    '    </Leagues>',
    '    <Teams>',
    ...schedule.teams.map((t, i) => `      <team id="${i}" league="0" name="${xmlAttr(t.name)}" teamGroups=""/>`),
    '    </Teams>',
    '    <SlotGroups>',
    ...groups.map((g) => `      <slotGroup id="${g.id}" name="${xmlAttr(g.date)}"/>`),
    '    </SlotGroups>',
    '    <Slots>',
    ...cells.map(
      (c) => `      <slot id="${c.id}" name="${xmlAttr(`${groups[c.group]?.date ?? ''} ${c.time}`)}" slotGroup="${c.group}"/>`,
    ),
    '    </Slots>',
    '  </Resources>',
    '  <Constraints>',
    '    <CapacityConstraints>',
    ...constraints,
    '    </CapacityConstraints>',
    '  </Constraints>',
    '</Instance>',
    '',
  ].join('\n')

  const solution = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Solution>',
    '  <MetaData>',
    `    <InstanceName>${xmlAttr(schedule.name)}</InstanceName>`,
    '    <Contributor>Courtside</Contributor>',
    '  </MetaData>',
    '  <Games>',
    ...matches.map((m) => `    <ScheduledMatch home="${m.home}" away="${m.away}" slot="${m.slot}"/>`),
    '  </Games>',
    '</Solution>',
    '',
  ].join('\n')
  return { instance, solution }
}
