// The documents an organization stores per content page in `site_pages` (docs/reference/public-site.md §2.6, §2.7):
// one shape for the seed that writes them and the public pages that render them.

export type HomeContent = {
  heroTitle: string
  heroSubtitle: string
  /** Exactly 8 gallery images, shown in a grid with a full-size modal. */
  images: { src: string; alt: string }[]
  /** The league's history, one paragraph per entry. */
  history: string[]
}

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
  /** Exactly 13 questions; the page shows one answer open at a time. */
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
  /** Three cards; `href` is a site path, prefixed with /{slug} on the platform host. */
  cards: { key: 'expansion-partner' | 'official' | 'scorekeeper'; title: string; text: string; linkLabel: string; href: string }[]
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

export type SiteContent = {
  home: HomeContent
  registration: RegistrationContent
  leagueInfo: LeagueInfoContent
  tournament: TournamentContent
  ourTeam: OurTeamContent
  leagueFootage: LeagueFootageContent
  youth: YouthContent
  contact: ContactContent
}
