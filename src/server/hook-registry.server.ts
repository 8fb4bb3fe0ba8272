import '@tanstack/react-start/server-only'

/**
 * A named map of hooks that features above a lower one register at start (src/feature-hooks.server.ts),
 * so the lower feature imports none of them. The production build loads a module twice (the boot
 * plugin and the app bundle, as src/server/jobs/jobs.server.ts explains), so the map lives on
 * globalThis under `name`: both copies see one registry, and registering again replaces.
 */
export function hookRegistry<K, V>(name: string): Map<K, V> {
  const key = Symbol.for(`omdeh.hooks.${name}`)
  const store = globalThis as Record<symbol, Map<K, V> | undefined>
  return (store[key] ??= new Map<K, V>())
}
