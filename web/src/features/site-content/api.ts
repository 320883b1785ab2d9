import { useQuery } from '@tanstack/react-query'
import type { Tenant } from '../../lib/tenant'
import { sitePageQuery } from '../site/api'

// The documents an organization stores per content page in `site_pages` (spec 01 §2.7). Copied
// from scripts/seed-content.ts, which the web app may not import; keep the two in step.

export type RegistrationContent = {
  banner: string
  intro: string
  divisions: { code: string; name: string; description: string }[]
  locationsTitle: string
  /** Days and times as shown to visitors; start dates as display text. */
  locations: { name: string; weekday: string; time: string; divisions: string[]; startDates: string[] }[]
  fees: { team: number; freeAgent: number; notes: string[] }
  buttons: { label: string; url: string }[]
}

export type LeagueInfoContent = {
  title: string
  introduction: string[]
  /** The page shows one answer open at a time. */
  faqs: { question: string; answer: string }[]
}

export type TournamentContent = {
  title: string
  introduction: string
  eligibility: string[]
  note: string
}

export type OurTeamContent = {
  title: string
  introduction: string
  /** `href` is a site path, prefixed with /{slug} on the platform host. */
  cards: { key: string; title: string; text: string; linkLabel: string; href: string }[]
}

export type LeagueFootageContent = {
  title: string
  introduction: string
  videos: { title: string; embedUrl: string }[]
}

export type YouthContent = {
  title: string
  introduction: string
  details: { label: string; value: string }[]
  paragraphs: string[]
  registerEmail: string
  registerText: string
}

export type ContactContent = {
  title: string
  introduction: string
  commissioner: { name: string; email: string }
  textNumber: string
  textNote: string
  hours: string
}

export interface ContentPages {
  registration: RegistrationContent
  leagueInfo: LeagueInfoContent
  tournament: TournamentContent
  ourTeam: OurTeamContent
  leagueFootage: LeagueFootageContent
  youth: YouthContent
  contact: ContactContent
}

export type ContentPageKey = keyof ContentPages

/** One content page of the organization; `data` is `null` when it has no such page. */
export const useContentPage = <Key extends ContentPageKey>(tenant: Tenant, key: Key) =>
  useQuery(sitePageQuery<ContentPages[Key]>(tenant, key))
