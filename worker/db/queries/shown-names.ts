// A player's name as an answer shows it (docs/members.md "Privacy"): on the public site a player
// whose name staff hid (`players.hide_name`) is named with the neutral catalog word
// (worker/members/privacy.ts) and an empty last name; staff answers (`hidden` undefined) keep the
// real name. Decided in the statement that reads the name, so no answer can forget it.
import { type SQL, sql } from 'drizzle-orm'
import { players } from '../schema'

/** The first name a public answer shows (`hidden`: the neutral word; undefined: staff, the real name). */
export const shownFirstName = (hidden?: string): SQL<string> | typeof players.firstName =>
  hidden === undefined
    ? players.firstName
    : sql<string>`(case when ${players.hideName} then ${hidden} else ${players.firstName} end)`

/** The last name a public answer shows: empty for a hidden player. */
export const shownLastName = (hidden?: string): SQL<string> | typeof players.lastName =>
  hidden === undefined ? players.lastName : sql<string>`(case when ${players.hideName} then '' else ${players.lastName} end)`

/** The same as raw SQL over `players` aliased `p`, selected AS first_name and last_name. */
export function rawShownNames(hidden?: string): string {
  if (hidden === undefined) return 'p.first_name AS first_name, p.last_name AS last_name'
  const word = `'${hidden.replaceAll("'", "''")}'`
  return `CASE WHEN p.hide_name THEN ${word} ELSE p.first_name END AS first_name, CASE WHEN p.hide_name THEN '' ELSE p.last_name END AS last_name`
}
