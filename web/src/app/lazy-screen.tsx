import { type QueryClient, useQueryClient } from '@tanstack/react-query'
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react'
import { matchRoutes, type Params, type RouteObject, useLocation } from 'react-router'
import { Loading } from '../components/status'
import { type Tenant, tenantFromPath } from '../lib/tenant'

/**
 * A page module may export `prefetch`: it asks for the page's data the moment its chunk arrives,
 * with the address's tenant and route params — before the layout has the organization and the page
 * has rendered (docs/reference/performance.md §4: a page's data in parallel, not in a waterfall behind the organization).
 */
export type PagePrefetch = (client: QueryClient, route: { tenant: Tenant; params: Params }) => void

/**
 * A signed-in screen's module may export `adminPrefetch`: its list's first page asked for with the
 * address's params and query string the moment the chunk arrives, beside the sign-in check and the
 * layout's chunk rather than after them (docs/decisions/2026-11-25-admin-prefetch.md). Wired by the
 * admin area's own route table (admin-routes.tsx), so a visitor's first load never carries it.
 */
export type AdminPrefetch = (client: QueryClient, route: { params: Params; search: URLSearchParams }) => void

type ScreenHandle = { preload: () => Promise<unknown>; prefetch?: PagePrefetch }

/** Loads once; `loaded()` is the module once it is in (so a first render need not suspend for it). */
function lazyModule<M>(load: () => Promise<M>) {
  let pending: Promise<M> | undefined
  let module: M | undefined
  const get = () => {
    pending ??= load().then((m) => (module = m))
    return pending
  }
  return Object.assign(get, { loaded: () => module })
}

/**
 * A lazily loaded screen: `screen(() => import('…'), 'ExportName')`. Its chunk starts downloading as
 * soon as the address matches (`handle.preload`, see AppRoutes), not when the layout above it has
 * finished loading the organization: no waterfall of chunk after data.
 */
export function screen<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  const preload = lazyModule(load)
  const handle: ScreenHandle = {
    preload,
    prefetch: (client, route) => {
      void preload().then((module) => (module.prefetch as PagePrefetch | undefined)?.(client, route))
    },
  }
  return {
    element: lazyElement(
      async () => (await preload())[name] as ComponentType,
      () => preload.loaded()?.[name] as ComponentType,
    ),
    handle,
  }
}

export function lazyScreen(load: () => Promise<ComponentType>) {
  const preload = lazyModule(load)
  return { element: lazyElement(preload, preload.loaded), handle: { preload } satisfies ScreenHandle }
}

function lazyElement(load: () => Promise<ComponentType>, loaded: () => ComponentType | undefined) {
  const Lazy = lazy(async () => ({ default: await load() }))
  // A chunk already in renders at once: React.lazy would suspend once even then, and a first load
  // would commit the loading fallback, whose reveal React holds back 300 ms (router.tsx
  // firstScreenLoaded). `Lazy` never commits: the module is set before its promise resolves, so the
  // render React retries picks the loaded component.
  const Screen = () => {
    const Loaded = loaded() ?? Lazy
    return <Loaded />
  }
  // No Suspense of its own: the layout's boundary around <Outlet /> is already showing a page, so
  // (navigations being transitions) the current page stays until the next one's chunk is in, as
  // with the data router's lazy routes; only a first load shows the fallback.
  return <Screen />
}

export function PageLoading() {
  return (
    <main className="page-center">
      <Loading />
    </main>
  )
}

/**
 * Starts the download of every lazy chunk the address needs at once (layout and screen together),
 * and each page's data as soon as its chunk is in (`prefetch`; react-query drops repeats).
 */
export function usePreloadedChunks(routes: RouteObject[]) {
  const location = useLocation()
  const client = useQueryClient()
  const tenant = tenantFromPath(location.pathname)
  for (const match of matchRoutes(routes, location) ?? []) {
    const handle = match.route.handle as ScreenHandle | undefined
    if (!handle) continue
    void handle.preload()
    if (tenant) handle.prefetch?.(client, { tenant, params: match.params })
  }
}

/** Every lazy chunk the address needs (layout and screen), loaded: see firstScreenLoaded in router.tsx. */
export const preloadMatched = (routes: RouteObject[]) =>
  Promise.all((matchRoutes(routes, window.location) ?? []).map((m) => (m.route.handle as ScreenHandle | undefined)?.preload()))

/** Where a layout shows its lazy screens. */
export function ScreenOutlet({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>
}
