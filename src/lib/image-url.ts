import { constants } from '#app-config'

const { widths, densities } = constants.images

/** Every width the image endpoint produces: the configured widths at each density, ascending. */
export const outputWidths: readonly number[] = [
  ...new Set(widths.flatMap((w) => densities.map((d) => w * d))),
].sort((a, b) => a - b)

/** Vectors scale by themselves: they are served as they are, without resizing. */
export function isVector(src: string): boolean {
  return /\.svg(?:$|[?#])/i.test(src)
}

export function imageUrl(src: string, width: number): string {
  return `${constants.imageEndpoint}?src=${encodeURIComponent(src)}&w=${width}`
}

/** The smallest produced width that covers `needed` pixels (the largest one when none does). */
export function widthFor(needed: number): number {
  return outputWidths.find((w) => w >= needed) ?? outputWidths[outputWidths.length - 1]!
}

/** For an image shown at a fixed CSS width: one candidate per density (`1x`, `2x`). */
export function densitySrcSet(src: string, cssWidth: number): string {
  return densities.map((d) => `${imageUrl(src, widthFor(cssWidth * d))} ${d}x`).join(', ')
}

/** For an image whose size follows the layout: every configured width, the browser picks by `sizes`. */
export function widthSrcSet(src: string): string {
  return widths.map((w) => `${imageUrl(src, w)} ${w}w`).join(', ')
}
