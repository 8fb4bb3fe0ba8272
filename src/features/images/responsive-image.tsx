import type { ComponentProps } from 'react'
import { densitySrcSet, imageUrl, isVector, widthFor, widthSrcSet } from '~/lib/image-url'

export interface ResponsiveImageProps extends Omit<
  ComponentProps<'img'>,
  'src' | 'srcSet' | 'width' | 'height'
> {
  src: string
  alt: string
  width: number
  height: number
  /**
   * Layout-dependent images pass `sizes` (e.g. "(min-width: 1024px) 16vw, 50vw") and get width
   * candidates; without it the image is shown at `width` CSS pixels and gets 1x/2x candidates.
   */
  sizes?: string
  /** Above the fold (the LCP image): load eagerly and early. */
  priority?: boolean
}

/** An image in webp at the size the screen needs, from the app's image endpoint. */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority,
  ...props
}: ResponsiveImageProps) {
  const shared = {
    alt,
    width,
    height,
    loading: priority ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    ...(priority ? { fetchPriority: 'high' as const } : {}),
    ...props,
  }
  if (isVector(src)) return <img src={src} {...shared} />
  return sizes ? (
    <img src={imageUrl(src, widthFor(width))} srcSet={widthSrcSet(src)} sizes={sizes} {...shared} />
  ) : (
    <img src={imageUrl(src, widthFor(width))} srcSet={densitySrcSet(src, width)} {...shared} />
  )
}
