import { constants } from '#app-config'

/**
 * A route's `head`: "Title | Omdeh" and an optional description; without a title (its loader did
 * not finish), the root's site title stands.
 *
 * Routes pass the words from their loader's data (`loader: … return { title: m.x() }`, then
 * `head: ({ loaderData }) => pageHead(loaderData?.title)`), not `m.x()` in `head` itself: `head`
 * stays in the route tree every page downloads, while the loader comes in the route's own chunk, so
 * each title's message (both languages) is only sent to the pages that show it (issue #21). The
 * server runs the loader before `head`, so the first paint has the title; a client navigation runs
 * them in the same order. Routes with `ssr: false` keep the message in `head`: their loader does not
 * run on the server.
 */
export function pageHead(title: string | undefined, description?: string) {
  return {
    meta: [
      ...(title ? [{ title: `${title} | ${constants.brand.name}` }] : []),
      ...(description ? [{ name: 'description', content: description }] : []),
    ],
  }
}
