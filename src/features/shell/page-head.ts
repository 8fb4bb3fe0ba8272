import { constants } from '#app-config'

/** A route's `head`: "Title | Omdeh" and an optional description. */
export function pageHead(title: string, description?: string) {
  return {
    meta: [
      { title: `${title} | ${constants.brand.name}` },
      ...(description ? [{ name: 'description', content: description }] : []),
    ],
  }
}
