// The main league's public content pages (docs/reference/public-site.md §2.6, §2.7), stored as data in `site_pages`
// (one row per page_key, `content` = the JSON document below). The shapes are worker/domain/site-content.ts's,
// which the site-content feature reads too. Facts from docs/reference/public-site.md §9 are written into the prose:
// team fee $800, free agent fee $100 (non-refundable once placed), 8 regular-season games
// (9–12 with playoffs), zero forfeits for the tournament, 5 players and no bench, seasons Spring
// (registration in January), Summer (May), Fall (September).
//
// Addresses and numbers are deliberately fictional: e-mail on the reserved `.example` domain,
// a 555-01xx phone number, registration forms on `forms.example.com`. A real league edits them.

import type {
  ContactContent,
  HomeContent,
  LeagueFootageContent,
  LeagueInfoContent,
  OurTeamContent,
  RegistrationContent,
  SiteContent,
  TournamentContent,
  YouthContent,
} from '../worker/domain/site-content.ts'

const COMMISSIONER_EMAIL = 'commissioner@ocbl.example'
const TEXT_NUMBER = '(714) 555-0142'
const YOUTH_EMAIL = 'youth@ocbl.example'

export const TEAM_FEE = 800
export const FREE_AGENT_FEE = 100

const home: HomeContent = {
  heroTitle: 'Orange County Basketball League',
  heroSubtitle: 'Competitive adult basketball across Orange County since 1984. Five divisions, four gyms, three seasons a year.',
  images: [
    { src: '/images/gallery-1.svg', alt: 'Tip-off of a Monday night game in Fountain Valley' },
    { src: '/images/gallery-2.svg', alt: 'A guard driving to the basket past two defenders' },
    { src: '/images/gallery-3.svg', alt: 'Players fighting for a rebound under the rim' },
    { src: '/images/gallery-4.svg', alt: 'Division 1 champions posing with the trophy' },
    { src: '/images/gallery-5.svg', alt: 'A jump shot from the corner at Irvine Valley College' },
    { src: '/images/gallery-6.svg', alt: 'Referee signalling a three-point attempt' },
    { src: '/images/gallery-7.svg', alt: 'Teammates huddling during a timeout' },
    { src: '/images/gallery-8.svg', alt: 'The scorer’s table and the crowd on playoff night' },
  ],
  history: [
    'The Orange County Basketball League tipped off in the winter of 1984 with a simple idea: give grown-up players a well-run, fairly officiated league close to home. More than 200 teams signed up for that first season, and the league has been running ever since.',
    'Four decades later, over 350 teams take the floor every week in gyms from Fountain Valley to Irvine. We play three seasons a year — Spring, Summer and Fall — with five skill divisions, so first-time teams and former college players alike find games that are competitive and fun.',
    'Along the way the league has hosted over 35,000 games, and every one of them had certified officials, a scorekeeper and a stat sheet. We are a nonprofit: registration fees pay for gyms, referees and the people who keep the lights on, and everything else goes back into the game.',
    'Whether you are putting together a new team, looking for one as a free agent, or coming back for your twentieth season, welcome. We will see you on the court.',
  ],
}

const registration: RegistrationContent = {
  banner: 'FALL 2025 REGISTRATION NOW OPEN!!!',
  intro:
    'Fall 2025 league play starts the last week of October. Spots in each gym and division are limited and go to the first paid teams, so register early. Returning teams keep their division unless they ask to move.',
  divisions: [
    {
      code: 'D1',
      name: 'Division 1 — Elite',
      description:
        'Our most competitive division. Rosters typically include former college and professional players; fast pace, full-court pressure, no mercy rule.',
    },
    {
      code: 'D2',
      name: 'Division 2 — Advanced',
      description:
        'Strong, experienced teams with high school varsity or junior college backgrounds. Organized offenses and plenty of running.',
    },
    {
      code: 'D3',
      name: 'Division 3 — Intermediate',
      description: 'Solid recreational players who play regularly. The biggest division, with balanced games most nights.',
    },
    {
      code: 'D4',
      name: 'Division 4 — Recreational',
      description: 'For teams that want a good run and a good sweat. Players of mixed experience; sportsmanship comes first.',
    },
    {
      code: 'D5',
      name: 'Division 5 — Beginner',
      description:
        'New teams, returning players shaking off the rust and anyone who simply loves to play. A great place to start.',
    },
  ],
  locationsTitle: 'Summer 2025 Locations',
  locations: [
    {
      name: 'Fountain Valley',
      weekday: 'Monday',
      time: '6:00 PM – 10:00 PM',
      divisions: ['D3', 'D4', 'D5'],
      startDates: ['June 9, 2025', 'July 28, 2025'],
    },
    {
      name: 'Tustin Columbus',
      weekday: 'Wednesday',
      time: '6:00 PM – 10:00 PM',
      divisions: ['D2', 'D3', 'D4'],
      startDates: ['June 11, 2025', 'July 30, 2025'],
    },
    {
      name: 'Irvine Valley College',
      weekday: 'Sunday',
      time: '5:00 PM – 10:00 PM',
      divisions: ['D1', 'D2', 'D3'],
      startDates: ['June 8, 2025'],
    },
    {
      name: 'Huntington Beach',
      weekday: 'Thursday',
      time: '6:00 PM – 10:00 PM',
      divisions: ['D4', 'D5'],
      startDates: ['June 12, 2025'],
    },
  ],
  fees: {
    team: TEAM_FEE,
    freeAgent: FREE_AGENT_FEE,
    notes: [
      `Team registration is $${TEAM_FEE} per team per season and covers gym rental, two certified officials and a scorekeeper for every game.`,
      `Free agent registration is $${FREE_AGENT_FEE} per player. Once you have been placed on a team, the free agent fee is non-refundable.`,
      'A team’s spot is held only after payment in full. Rosters may be changed until the third week of the season.',
    ],
  },
  buttons: [
    { label: 'Team Registration', url: 'https://forms.example.com/ocbl/team-registration' },
    { label: 'Player Registration', url: 'https://forms.example.com/ocbl/player-registration' },
    { label: 'Free Agent Registration', url: 'https://forms.example.com/ocbl/free-agent-registration' },
  ],
}

const leagueInfo: LeagueInfoContent = {
  title: 'League Info',
  introduction: [
    'The Orange County Basketball League is a nonprofit adult league that has been running since 1984. We play full-court, five-on-five basketball with certified officials and a scorekeeper at every game, and we keep full stats so every player has a box score and a season line.',
    'Below are the questions we hear most often. If yours is not here, send the commissioner a message from the Contact page.',
  ],
  faqs: [
    {
      question: 'When are the seasons?',
      answer:
        'We play three seasons a year. Spring registration opens in January, Summer registration opens in May and Fall registration opens in September. Each season starts about four weeks after registration opens.',
    },
    {
      question: 'How many games does a team play?',
      answer:
        'The regular season is 8 games. Every team then makes the playoffs, so counting playoff games a team plays 9 to 12 games in a season, depending on how far it goes.',
    },
    {
      question: 'How much does it cost?',
      answer: `Team registration is $${TEAM_FEE} per team for the season. Free agents pay $${FREE_AGENT_FEE}, which becomes non-refundable once you have been placed on a team.`,
    },
    {
      question: 'How many players do we need?',
      answer:
        'A game is five players on the court, and a team can play with five and no bench. We recommend carrying eight to ten players so you are covered for injuries, work trips and late arrivals. There is no limit on roster size.',
    },
    {
      question: 'I don’t have a team. Can I still play?',
      answer:
        'Yes. Sign up as a free agent and tell us your position, experience and the nights you can play. We place free agents on teams that need players, usually before the second week of the season.',
    },
    {
      question: 'How are divisions decided?',
      answer:
        'Teams choose a division when they register, from D1 (elite) to D5 (beginner). After the first two weeks we may move a team up or down so games stay competitive; records start over after a move.',
    },
    {
      question: 'How long are the games?',
      answer:
        'Games are four 10-minute quarters with a running clock, stopping in the last two minutes of the fourth quarter. Tied games go to a 3-minute overtime.',
    },
    {
      question: 'Who referees the games?',
      answer:
        'Every game has two certified officials and a scorekeeper. Officials follow NFHS rules with a few league adjustments, which are handed to captains before the season.',
    },
    {
      question: 'What happens if my team forfeits?',
      answer:
        'A forfeit counts as a loss and costs the other team a night of basketball, so please let us know at least 24 hours ahead if you cannot field five players. Teams with a forfeit are not eligible for the end-of-season tournament.',
    },
    {
      question: 'Are stats kept?',
      answer:
        'Yes. The scorekeeper records points, rebounds, assists, steals, blocks and shooting for every player. Box scores, standings and the leaderboards are posted on this site after each game night.',
    },
    {
      question: 'What should we wear?',
      answer:
        'Matching jerseys with numbers on the back are required by week two; until then, matching shirts of the same color are fine. Non-marking basketball shoes only.',
    },
    {
      question: 'Can we pick our game times?',
      answer:
        'Games run between 6:00 PM and 10:00 PM. Captains can list times the team cannot play when they register, and the scheduler works around them whenever it can; times rotate so no one is stuck in the late slot all season.',
    },
    {
      question: 'What is the refund policy?',
      answer:
        'Team fees are refundable, minus a $50 processing fee, until the schedule is published. After that we cannot refund fees, because the gym time has already been paid for. Free agent fees are non-refundable once you have been placed.',
    },
  ],
}

const tournament: TournamentContent = {
  title: 'Tournament',
  introduction:
    'At the end of every season the top teams of each division meet in a single-elimination tournament for the division title, the trophy and bragging rights until next season.',
  eligibility: [
    'Your team must finish the regular season with zero forfeits. A single forfeit makes a team ineligible, no matter its record.',
    'Players must be on the official roster before the start of week 4 to play in the tournament.',
    'Players must have played in at least 3 regular-season games for the team they represent in the tournament.',
    'All team fees must be paid in full before the tournament schedule is released.',
    'Seeding follows the final standings: win percentage first, then fewer losses, then more wins.',
  ],
  note: 'Questions about eligibility go to the commissioner before the last week of the regular season. Rulings made after the tournament starts are final.',
}

const ourTeam: OurTeamContent = {
  title: 'Join Our Team',
  introduction:
    'The league runs on people who love the game. We are always looking for partners, officials and scorekeepers who want to be part of game night.',
  cards: [
    {
      key: 'expansion-partner',
      title: 'Expansion Partner',
      text: 'Have access to a gym or a community that wants a league? Partner with us to bring the OCBL format — scheduling, officials, stats and this website — to a new city. We help with everything from the first registration to the championship game.',
      linkLabel: 'Learn More',
      href: '/contact',
    },
    {
      key: 'official',
      title: 'Official',
      text: 'Referee games on weeknights and Sundays. New officials train alongside experienced crews, and certified officials are paid per game. Flexible schedules; work as many nights as you like.',
      linkLabel: 'Learn More',
      href: '/contact',
    },
    {
      key: 'scorekeeper',
      title: 'Scorekeeper',
      text: 'Run the clock, keep the book and enter the box score that every player checks the next morning. No experience needed — we train you on the first night. A great fit for students and retirees.',
      linkLabel: 'Learn More',
      href: '/contact',
    },
  ],
}

const leagueFootage: LeagueFootageContent = {
  title: 'League Footage',
  introduction: 'Highlights and full games from around the league. Subscribe to our channel for new videos every week.',
  videos: [
    { title: 'Fall 2025 Week 1 Highlights', embedUrl: 'https://www.youtube.com/embed/ocblFall25w1' },
    { title: 'Division 1 Championship Game — Summer 2025', embedUrl: 'https://www.youtube.com/embed/ocblD1Final25' },
    { title: 'Top 10 Plays of the Season', embedUrl: 'https://www.youtube.com/embed/ocblTop10Pl' },
  ],
}

const youth: YouthContent = {
  title: 'Youth 3-on-3',
  introduction:
    'Our youth 3-on-3 program gives boys and girls a chance to play, learn and compete in a fun, supervised setting. Half-court games mean more touches, more shots and more fun for every player.',
  details: [
    { label: 'Ages', value: '8 to 16, grouped by age and experience' },
    { label: 'Format', value: '3-on-3 half court, games to 21 or 20 minutes' },
    { label: 'Teams', value: '3 to 5 players per team; individual players are placed on teams' },
    { label: 'When', value: 'Saturday mornings during the Spring and Summer seasons' },
  ],
  paragraphs: [
    'Every game is supervised by a league official who keeps the game moving and helps younger players learn the rules.',
    'Players bring a water bottle and basketball shoes; the league provides a reversible jersey.',
  ],
  registerEmail: YOUTH_EMAIL,
  registerText:
    'To register, e-mail us the player’s name, age, school grade and a parent’s phone number. We will reply with the schedule and payment details.',
}

const contact: ContactContent = {
  title: 'Contact Us',
  introduction: 'Questions about registration, schedules, divisions or anything else? The commissioner answers every message.',
  commissioner: { name: 'League Commissioner', email: COMMISSIONER_EMAIL },
  textNumber: TEXT_NUMBER,
  textNote: 'Text messages get the fastest answer on game nights. Please include your team name and league night.',
  hours: 'We reply within one business day.',
}

export const ocblSiteContent: SiteContent = {
  home,
  registration,
  leagueInfo,
  tournament,
  ourTeam,
  leagueFootage,
  youth,
  contact,
}
