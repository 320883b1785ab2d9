// What each kind of notification says in a member's e-mail (docs/notifications.md "Kinds"). A kind
// belongs to a category the member can switch off; its line is one whole catalog sentence.
import type { NotificationChoices } from '../db/schema'
import type { Words } from '../lib/i18n'

export type Category = keyof NotificationChoices & string
export const CATEGORIES: readonly Category[] = ['changes', 'results', 'invites', 'reminders', 'alerts']

/** A game as an e-mail names it, read when the e-mail is written (its state now). */
export interface MailGame {
  id: number
  date: string | null
  time: string | null
  home: string
  away: string
  place: string | null
  status: string
  score1: number
  score2: number
}

export interface LineContext {
  words: Words
  game: MailGame | null
  payload: Record<string, unknown>
  /** The organization's site, e.g. `http://localhost:8787/ocbl`. */
  base: string
  /** Names the helper looked up for the payload's ids (season names…). */
  names: Map<string, string>
}

export interface Kind {
  category: Category
  /** How much it matters when one game has several: the highest is told. */
  weight: number
  line: (ctx: LineContext) => string
  /** A link under the line (e.g. the answer buttons of a reminder), if any. */
  links?: (ctx: LineContext) => { text: string; href: string }[]
}

/** `Sat, March 7 7:00 PM: Hawks vs Bulls` in the member's language. */
export function gameWords(words: Words, game: MailGame): { game: string; place: string } {
  return {
    game: words.t('server.mail.game', {
      date: words.date(game.date),
      time: words.time(game.time),
      home: game.home,
      away: game.away,
    }),
    place: game.place ?? '',
  }
}

const withGame = (ctx: LineContext, key: string, values: Record<string, string | number> = {}) => {
  if (!ctx.game) return ctx.words.t('server.mail.line.gone')
  const { game, place } = gameWords(ctx.words, ctx.game)
  return ctx.words.t(key, { game, place, hasPlace: place ? 'yes' : 'no', ...values })
}

/** The In / Out / Maybe links a reminder's payload carries (worker/members/availability.ts). */
function answerLinksOf(ctx: LineContext): { text: string; href: string }[] {
  const p = ctx.payload as { memberId?: number; links?: Record<string, string> }
  if (!ctx.game || !p.memberId || !p.links) return []
  const game = ctx.game
  return (['in', 'out', 'maybe'] as const).flatMap((answer) => {
    const signature = p.links?.[answer]
    return signature
      ? [
          {
            text: ctx.words.t(`server.mail.answer.${answer}`),
            href: `${ctx.base}/member/answer?m=${p.memberId}&g=${game.id}&a=${answer}&s=${signature}`,
          },
        ]
      : []
  })
}

/** Every kind the Worker writes; the triggers of migration 0021 write the game and season kinds. */
export const KINDS: Record<string, Kind> = {
  game_added: { category: 'changes', weight: 1, line: (ctx) => withGame(ctx, 'server.mail.line.added') },
  game_changed: {
    category: 'changes',
    weight: 2,
    line: (ctx) => {
      const was = ctx.payload as { date?: string | null; time?: string | null; location?: string | null }
      const before = ctx.words.t('server.mail.was', {
        date: ctx.words.date(was.date ?? null),
        time: ctx.words.time(was.time ?? null),
      })
      return withGame(ctx, 'server.mail.line.changed', { was: before })
    },
  },
  game_postponed: { category: 'changes', weight: 3, line: (ctx) => withGame(ctx, 'server.mail.line.postponed') },
  game_cancelled: { category: 'changes', weight: 4, line: (ctx) => withGame(ctx, 'server.mail.line.cancelled') },
  result: {
    category: 'results',
    weight: 5,
    line: (ctx) =>
      ctx.game
        ? ctx.words.t('server.mail.line.result', {
            home: ctx.game.home,
            away: ctx.game.away,
            score1: ctx.game.score1,
            score2: ctx.game.score2,
            forfeit: ctx.game.status === 'forfeit' ? 'yes' : 'no',
          })
        : ctx.words.t('server.mail.line.gone'),
  },
  // docs/members.md "Availability": the reminder carries the member's three signed answer links.
  availability_reminder: {
    category: 'reminders',
    weight: 1,
    line: (ctx) => withGame(ctx, 'server.mail.line.reminder'),
    links: (ctx) => answerLinksOf(ctx),
  },
  forfeit_risk: {
    category: 'alerts',
    weight: 6,
    line: (ctx) => {
      if (!ctx.game) return ctx.words.t('server.mail.line.gone')
      const p = ctx.payload as { team?: string; inCount?: number; minPlayers?: number }
      return ctx.words.t('server.mail.line.forfeitRisk', {
        team: p.team ?? '',
        game: gameWords(ctx.words, ctx.game).game,
        count: p.inCount ?? 0,
        min: p.minPlayers ?? 0,
      })
    },
  },
  schedule_published: {
    category: 'changes',
    weight: 1,
    line: (ctx) =>
      ctx.words.t('server.mail.line.published', { season: ctx.names.get(`season:${String(ctx.payload.seasonId)}`) ?? '' }),
  },
}
