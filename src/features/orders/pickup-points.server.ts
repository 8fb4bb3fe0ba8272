import '@tanstack/react-start/server-only'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '~/server/db/client.server'
import { orderLines, stores, type orders } from '~/server/db/schema'
import type { PickupPointSnapshot } from '~/server/db/schema/orders'
import { cityInLocale } from '~/lib/iran-cities'

/** A point's city as the reader reads it (the Persian name of a listed city in fa). */
const pointInLocale = (point: PickupPointSnapshot): PickupPointSnapshot => ({
  ...point,
  city: cityInLocale(point.city),
})

/**
 * Where a pickup order is collected: the stores as they were when it was placed, or, for an order
 * placed before that was kept, the stores its lines came from as they are now.
 */
export async function orderPickupPoints(
  db: DbOrTx,
  order: typeof orders.$inferSelect,
): Promise<PickupPointSnapshot[]> {
  if (order.deliveryMethod !== 'pickup') return []
  if (order.pickupPoints) return order.pickupPoints.map(pointInLocale)
  const rows = await db
    .selectDistinct({
      store: stores.name,
      storeFa: stores.nameFa,
      city: stores.city,
      address: stores.pickupAddress,
      hours: stores.pickupHours,
    })
    .from(orderLines)
    .innerJoin(stores, eq(stores.id, orderLines.storeId))
    .where(eq(orderLines.orderId, order.id))
  return rows
    .sort((a, b) => a.city.localeCompare(b.city) || a.store.localeCompare(b.store))
    .map(pointInLocale)
}
