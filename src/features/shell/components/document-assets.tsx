import {
  HeadContent,
  RouterContextProvider,
  rootRouteId,
  Scripts,
  useRouter,
  useTags,
} from '@tanstack/react-router'

/*
 * The page's JavaScript starts loading after its first paint (issue #21, Lighthouse's LCP).
 *
 * Start writes the entry module as `<script type=module async src>` and every chunk the page needs
 * as `<link rel=modulepreload>` in the head: the browser fetches them all (about 130 KB gzip on /)
 * beside the stylesheet, before anything is painted. On a slow link they share its bandwidth with
 * the HTML and CSS the first paint waits for, and Lighthouse's simulated LCP counts every request
 * that finished before the observed one. The server-rendered page is complete without scripts
 * (links and forms work), so the server writes neither: a small inline script asks for the same
 * modulepreloads and the entry once the first contentful paint is on screen (at once in a hidden
 * tab, which paints nothing; after 3 s at the latest), and hydration follows as before.
 *
 * In the browser the router's own <HeadContent> and <Scripts> render: React finds the entry script
 * the loader added (`script[async][src]`), and the modulepreload links it inserts name modules
 * already loaded.
 */

type Router = ReturnType<typeof useRouter>
type Manifest = NonNullable<NonNullable<Router['ssr']>['manifest']>

function isModuleEntry(script: { attrs?: Record<string, unknown> }) {
  return script.attrs?.type === 'module' && typeof script.attrs.src === 'string'
}

/** withoutModules per manifest: the head and the body of a page ask for the same one. */
const stripped = new WeakMap<Manifest, Manifest>()

/** The manifest with no preloads and no module entry: what the server's head and body write. */
function withoutModules(manifest: Manifest): Manifest {
  const known = stripped.get(manifest)
  if (known) return known
  const routes: Manifest['routes'] = {}
  for (const [id, route] of Object.entries(manifest.routes)) {
    const { preloads: _preloads, scripts, ...rest } = route
    const kept = scripts?.filter((script) => !isModuleEntry(script))
    routes[id] = kept?.length ? { ...rest, scripts: kept } : rest
  }
  const result = { ...manifest, routes }
  stripped.set(manifest, result)
  return result
}

/** The router as the server's head and body see it: the same one, with the manifest above. */
function useServerRouter(): Router {
  const router = useRouter()
  const manifest = router.ssr?.manifest
  if (!manifest) return router
  return Object.create(router, { ssr: { value: { manifest: withoutModules(manifest) } } }) as Router
}

/** The loader's source: the modules to preload and the entries, fetched after the first paint. */
export function moduleLoaderSource(preloads: readonly string[], entries: readonly string[]) {
  // JSON in a script: `<` escaped so no URL can close the element.
  const list = (urls: readonly string[]) => JSON.stringify(urls).replaceAll('<', '\\u003c')
  return (
    `(function(){var d=document,done=0;function go(){if(done)return;done=1;` +
    `${list(preloads)}.forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)});` +
    `${list(entries)}.forEach(function(s){var e=d.createElement('script');e.type='module';e.setAttribute('async','');e.src=s;d.head.appendChild(e)})}` +
    `function after(){setTimeout(go,0)}` +
    `if(d.visibilityState==='hidden')return go();` +
    `var P=window.PerformanceObserver;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)` +
    `new P(function(l,o){if(l.getEntriesByName('first-contentful-paint').length){o.disconnect();after()}}).observe({type:'paint',buffered:true});` +
    `else requestAnimationFrame(function(){requestAnimationFrame(after)});` +
    `d.addEventListener('visibilitychange',go,{once:true});setTimeout(go,3000)})()`
  )
}

function ServerHead() {
  return (
    <RouterContextProvider router={useServerRouter()}>
      <HeadContent />
    </RouterContextProvider>
  )
}

function ServerScripts() {
  const router = useRouter()
  const tags = useTags()
  const preloads = tags.flatMap((tag) =>
    tag.tag === 'link' && tag.attrs?.rel === 'modulepreload' && typeof tag.attrs.href === 'string'
      ? [tag.attrs.href]
      : [],
  )
  const entries = (router.ssr?.manifest?.routes[rootRouteId]?.scripts ?? [])
    .filter(isModuleEntry)
    .map((script) => String(script.attrs?.src))
  return (
    <>
      <RouterContextProvider router={useServerRouter()}>
        <Scripts />
      </RouterContextProvider>
      <ModuleLoader source={moduleLoaderSource(preloads, entries)} nonce={router.options.ssr?.nonce} />
    </>
  )
}

/**
 * The loader's element. The browser keeps the server's (hydration does not run it again, nor
 * compare its text in production), so its source stays out of the client bundle.
 */
function ModuleLoader({ source, nonce }: { source: string; nonce?: string }) {
  return (
    <script
      data-module-loader=""
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: source }}
    />
  )
}

/** The document head's tags, without modulepreloads on the server. */
export function DocumentHead() {
  return import.meta.env.SSR ? <ServerHead /> : <HeadContent />
}

/** The router's body scripts, the module entry replaced on the server by the loader. */
export function DocumentScripts() {
  if (import.meta.env.SSR) return <ServerScripts />
  return (
    <>
      <Scripts />
      <ModuleLoader source="" />
    </>
  )
}
