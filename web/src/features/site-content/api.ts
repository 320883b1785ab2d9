import { useQuery } from '@tanstack/react-query'
import type {
  ContactContent,
  LeagueFootageContent,
  LeagueInfoContent,
  OurTeamContent,
  RegistrationContent,
  TournamentContent,
  YouthContent,
} from '../../../../worker/domain/site-content'
import { sitePageQuery } from '../../lib/site-api'
import type { Tenant } from '../../lib/tenant'

// The documents an organization stores per content page (one shape with the seed: worker/domain).
export type {
  ContactContent,
  LeagueFootageContent,
  LeagueInfoContent,
  OurTeamContent,
  RegistrationContent,
  TournamentContent,
  YouthContent,
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
