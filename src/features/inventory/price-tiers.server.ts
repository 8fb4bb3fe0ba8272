import '@tanstack/react-start/server-only'
import { sql } from 'drizzle-orm'
import { textInLocale } from '~/lib/i18n'
import type * as v from 'valibot'
import { m } from '~/lib/messages'
import { refreshProductListings } from '~/features/catalog/index.server'
import { recordAuditEvent } from '~/server/audit/audit.server'
import { requireApprovedSeller, type SellerActor } from '~/server/auth/guards.server'
import type { AuthContext } from '~/server/auth/session.server'
import { now } from '~/server/clock.server'
import { selectRows, type Db, type DbOrTx } from '~/server/db/client.server'
import { HttpError, notFound } from '~/server/http/api-errors.server'
import {
  pricePerPiece,
  tierForRules,
  type createTiersInput,
  type expireTierInput,
  type PriceTierView,
  type SkuPricesView,
} from './price-tiers.schemas'
import { checkTierSet, tierState } from './tier-rules'
import { AUDIT_REASONS } from '~/lib/audit-reasons'

/**
 * One SKU's price tiers (issue #16, /seller/inventory/price/{sku}/create). The owner creates and
 * expires tiers; observers read them (DOMAIN.md "Observers": tiers are the owner's); another
 * seller's SKU answers 404. Every write is one transaction that locks the SKU row, so the rules
 * are checked against every tier stored (another tab's included) and two creations that would
 * together break them cannot both pass.
 */

const readActor = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: true })
const writeActor = (auth: AuthContext | null) => requireApprovedSeller(auth, { allowObserver: false })

interface SkuRow {
  sku_id: number
  sku: string
  product_id: number
  product_name: string
  product_name_fa: string | null
  store_id: number
  store_name: string
  store_name_fa: string | null
  unit: string
  pieces_per_pack: number
}

interface PriceRow {
  id: number
  min_quantity: number
  unit_price: number | string
  offer_price: number | string
  price_per_piece: number | string
  valid_from: Date | string
  valid_to: Date | string | null
}

/** The SKU by its code when one of the actor's stores offers it (locked for a write); 404 otherwise. */
async function ownedSku(db: DbOrTx, actor: SellerActor, code: string, lock = false): Promise<SkuRow> {
  const [row] = await selectRows<SkuRow>(
    db,
    sql`
      select s.id as sku_id, s.sku, pr.id as product_id, pr.name as product_name, pr.name_fa as product_name_fa,
        st.id as store_id, st.name as store_name, st.name_fa as store_name_fa, pr.unit, s.pieces_per_pack
      from skus s
      join stores st on st.id = s.store_id
      join products pr on pr.id = s.product_id
      where s.sku = ${code} and st.seller_id = ${actor.sellerId}
      ${lock ? sql`for update of s` : sql``}
    `,
  )
  if (!row) throw notFound(m.server_error_sku_not_found())
  return row
}

async function storedTiers(db: DbOrTx, skuId: number) {
  const rows = await selectRows<PriceRow>(
    db,
    sql`select id, min_quantity, unit_price, offer_price, price_per_piece, valid_from, valid_to
        from prices where sku_id = ${skuId} order by valid_from, min_quantity, id`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    minQuantity: Number(r.min_quantity),
    unitPrice: Number(r.unit_price),
    offerPrice: Number(r.offer_price),
    pricePerPiece: Number(r.price_per_piece),
    validFrom: new Date(r.valid_from),
    validTo: r.valid_to === null ? null : new Date(r.valid_to),
  }))
}

const stateOrder = { active: 0, scheduled: 1, expired: 2 } as const

export async function getSkuPrices(db: Db, auth: AuthContext | null, code: string): Promise<SkuPricesView> {
  const actor = readActor(auth)
  const row = await ownedSku(db, actor, code)
  const at = now()
  const tiers: PriceTierView[] = (await storedTiers(db, Number(row.sku_id)))
    .map((t) => ({
      ...t,
      validFrom: t.validFrom.toISOString(),
      validTo: t.validTo?.toISOString() ?? null,
      state: tierState(t, at),
    }))
    .sort(
      (a, b) =>
        stateOrder[a.state] - stateOrder[b.state] ||
        (a.state === 'expired'
          ? b.validFrom.localeCompare(a.validFrom)
          : a.validFrom.localeCompare(b.validFrom)) ||
        a.minQuantity - b.minQuantity,
    )
  return {
    skuId: Number(row.sku_id),
    sku: row.sku,
    productName: row.product_name,
    productNameFa: row.product_name_fa,
    storeId: Number(row.store_id),
    storeName: textInLocale(row.store_name, row.store_name_fa),
    unit: row.unit,
    piecesPerPack: Number(row.pieces_per_pack),
    canEdit: actor.role === 'owner',
    now: at.toISOString(),
    tiers,
  }
}

/**
 * New tiers, checked together with every tier already stored for the SKU. A start in the past
 * becomes now: a tier cannot rewrite what buyers were shown before it existed.
 */
const touchSku = (tx: DbOrTx, skuId: number, at: Date) =>
  tx.execute(sql`update skus set updated_at = ${at.toISOString()}::timestamptz where id = ${skuId}`)

export async function createTiers(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof createTiersInput>,
): Promise<{ created: number[] }> {
  const actor = writeActor(auth)
  return db.transaction(async (tx) => {
    const row = await ownedSku(tx, actor, input.sku, true)
    const skuId = Number(row.sku_id)
    const at = now()
    const tiers = input.tiers.map((t) => {
      const tier = tierForRules(t)
      if (tier.validFrom.getTime() < at.getTime()) tier.validFrom = at
      return tier
    })
    const stored = await storedTiers(tx, skuId)
    const violations = checkTierSet(tiers, stored)
    if (violations.length > 0) {
      const fields: Record<string, string[]> = {}
      for (const violation of violations)
        (fields[`tiers.${violation.index}.${violation.field}`] ??= []).push(violation.message)
      throw new HttpError(422, violations[0]!.message, fields)
    }
    const inserted = await selectRows<{ id: number }>(
      tx,
      sql`insert into prices (sku_id, min_quantity, unit_price, offer_price, price_per_piece, valid_from, valid_to)
          values ${sql.join(
            tiers.map(
              (t) =>
                sql`(${skuId}, ${t.minQuantity}, ${t.unitPrice}, ${t.offerPrice}, ${pricePerPiece(t, Number(row.pieces_per_pack))},
                     ${t.validFrom.toISOString()}::timestamptz, ${t.validTo?.toISOString() ?? null}::timestamptz)`,
            ),
            sql`, `,
          )}
          returning id`,
    )
    const created = inserted.map((r) => Number(r.id))
    // A repriced SKU is a changed SKU: the inventory's "last change" (and its default order) follows.
    await touchSku(tx, skuId, at)
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: 'price.create',
      recordType: 'sku',
      recordId: skuId,
      before: { tiers: null },
      after: {
        tiers: tiers.map((t, i) => ({
          id: created[i],
          minQuantity: t.minQuantity,
          unitPrice: t.unitPrice,
          offerPrice: t.offerPrice,
          validFrom: t.validFrom.toISOString(),
          validTo: t.validTo?.toISOString() ?? null,
        })),
      },
    })
    // A tier valid now changes the listing's price at once; later ones are the periodic refresh's.
    await refreshProductListings(tx, [Number(row.product_id)])
    return { created }
  })
}

/**
 * "Expire now": an active tier ends now (valid_to = now), so orders and history keep the price
 * they had. A scheduled tier never applied to anyone, and ending it before it starts would break
 * valid_to > valid_from: it is deleted (the audit event keeps what it was). An expired tier: 409.
 */
export async function expireTier(
  db: Db,
  auth: AuthContext | null,
  input: v.InferOutput<typeof expireTierInput>,
): Promise<{ outcome: 'ended' | 'deleted' }> {
  const actor = writeActor(auth)
  return db.transaction(async (tx) => {
    const [owning] = await selectRows<{ sku: string }>(
      tx,
      sql`select s.sku from prices p join skus s on s.id = p.sku_id join stores st on st.id = s.store_id
          where p.id = ${input.tierId} and st.seller_id = ${actor.sellerId}`,
    )
    if (!owning) throw notFound(m.tools_tiers_not_found())
    const row = await ownedSku(tx, actor, owning.sku, true)
    const tier = (await storedTiers(tx, Number(row.sku_id))).find((t) => t.id === input.tierId)
    if (!tier) throw notFound(m.tools_tiers_not_found())
    const at = now()
    const state = tierState(tier, at)
    if (state === 'expired') throw new HttpError(409, m.tools_tiers_already_expired())
    const before = {
      minQuantity: tier.minQuantity,
      unitPrice: tier.unitPrice,
      offerPrice: tier.offerPrice,
      validFrom: tier.validFrom.toISOString(),
      validTo: tier.validTo?.toISOString() ?? null,
    }
    if (state === 'scheduled') await tx.execute(sql`delete from prices where id = ${tier.id}`)
    else
      await tx.execute(
        sql`update prices set valid_to = ${at.toISOString()}::timestamptz where id = ${tier.id}`,
      )
    await touchSku(tx, Number(row.sku_id), at)
    await recordAuditEvent(tx, {
      actorUserId: actor.auth.user.id,
      sellerId: actor.sellerId,
      action: state === 'scheduled' ? 'price.delete' : 'price.expire',
      recordType: 'price',
      recordId: tier.id,
      before,
      after:
        state === 'scheduled' ? { validTo: null, deleted: true } : { ...before, validTo: at.toISOString() },
      reason: state === 'scheduled' ? AUDIT_REASONS.tierWithdrawn : AUDIT_REASONS.tierEnded,
    })
    await refreshProductListings(tx, [Number(row.product_id)])
    return { outcome: state === 'scheduled' ? 'deleted' : 'ended' }
  })
}
