import { useState } from 'react'
import { ResponsiveImage } from '~/features/images'
import { cn } from '~/lib/cn'
import { formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'

/** The product's photos: a large one and thumbnails to switch between them. */
export function ProductGallery({ photos, name }: { photos: { url: string; alt: string }[]; name: string }) {
  const [selected, setSelected] = useState(0)
  const current = photos[selected] ?? photos[0]
  return (
    <div className="flex flex-col gap-3">
      <div className="aspect-square overflow-hidden rounded-2xl border border-stone-200 bg-stone-100">
        {current ? (
          <ResponsiveImage
            src={current.url}
            alt={current.alt || name}
            width={640}
            height={640}
            sizes="(min-width: 1024px) 40vw, 100vw"
            priority
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full items-center justify-center text-sm text-stone-500">
            {m.catalog_gallery_no_photo()}
          </div>
        )}
      </div>
      {photos.length > 1 ? (
        <ul className="flex gap-2" aria-label={m.catalog_gallery_photos()}>
          {photos.map((photo, i) => (
            <li key={photo.url}>
              <button
                type="button"
                onClick={() => setSelected(i)}
                aria-label={m.catalog_gallery_show_photo({
                  index: formatNumber(i + 1),
                  count: formatNumber(photos.length),
                })}
                aria-pressed={i === selected}
                className={cn(
                  'h-16 w-16 overflow-hidden rounded-lg border-2 bg-stone-100',
                  i === selected ? 'border-brand-600' : 'border-transparent hover:border-stone-300',
                )}
              >
                <ResponsiveImage
                  src={photo.url}
                  alt=""
                  width={64}
                  height={64}
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
