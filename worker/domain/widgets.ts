// The embeddable widgets (docs/widgets.md): their kinds, what each needs, and the one snippet that
// embeds one. Shared by the Worker, which serves them, and the dashboard's "Embed widgets" page.

export const WIDGET_KINDS = ['standings', 'schedule', 'scoreboard', 'leaders', 'bracket'] as const
export type WidgetKind = (typeof WIDGET_KINDS)[number]

export interface WidgetInfo {
  label: string
  /** What the widget is about: chosen on the dashboard, sent as the query parameter of that name. */
  needs: 'league' | 'league-or-team' | 'bracket' | null
  /** The iframe's height in CSS pixels: the widget's usual content without an inner scroll bar. */
  height: number
}

export const WIDGETS: Record<WidgetKind, WidgetInfo> = {
  standings: { label: 'Standings', needs: 'league', height: 420 },
  schedule: { label: 'Schedule', needs: 'league-or-team', height: 520 },
  scoreboard: { label: 'Live scoreboard', needs: null, height: 360 },
  leaders: { label: 'Stat leaders', needs: 'league', height: 460 },
  bracket: { label: 'Playoff bracket', needs: 'bracket', height: 420 },
}

export const isWidgetKind = (kind: string): kind is WidgetKind => (WIDGET_KINDS as readonly string[]).includes(kind)

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/**
 * The widget's address: `{site}/widgets/<kind>?…`, where `site` is the organization's site — the
 * platform host with the slug (`https://platform.example/ocbl`) or its custom domain's origin.
 */
export function widgetUrl(site: string, kind: WidgetKind, params: Record<string, number | undefined> = {}): string {
  const query = Object.entries(params)
    .filter((entry): entry is [string, number] => entry[1] !== undefined)
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  return `${site.replace(/\/$/, '')}/widgets/${kind}${query ? `?${query}` : ''}`
}

/** The snippet an organization pastes into another site: a sized, titled, lazily loaded iframe. */
export function widgetSnippet(url: string, title: string, height: number): string {
  return `<iframe src="${attribute(url)}" title="${attribute(title)}" width="100%" height="${height}" style="border:0;max-width:100%" loading="lazy"></iframe>`
}
