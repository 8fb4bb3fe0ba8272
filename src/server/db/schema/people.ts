import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { sellerStatusEnum } from './enums'

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** E.164, +98 mobile: +989 then 9 digits. */
    cellphone: text('cellphone').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** argon2id hash; null when the user signs in with one-time codes only. */
    passwordHash: text('password_hash'),
    isSeller: boolean('is_seller').notNull().default(false),
    isObserver: boolean('is_observer').notNull().default(false),
    /** The seller an observer acts for. */
    pointingSellerId: integer('pointing_seller_id').references((): AnyPgColumn => sellers.id, {
      onDelete: 'set null',
    }),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Set when an administrator blocked the account: its sessions end and sign-in is refused. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    /** Why it was blocked (the administrator's words; shown to administrators only). */
    blockedReason: text('blocked_reason'),
    /**
     * The language the user last chose on the site ('fa' or 'en'; null: never chose, the
     * deployment's default): what we send them (SMS) is written in it. Kept on sign-in and on a
     * switch of language while signed in.
     */
    locale: text('locale'),
    ...timestamps,
  },
  (t) => [
    check('users_locale_known', sql`${t.locale} is null or ${t.locale} in ('fa', 'en')`),
    uniqueIndex('users_cellphone_key').on(t.cellphone),
    uniqueIndex('users_email_key')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    index('users_pointing_seller_idx').on(t.pointingSellerId),
    index('users_created_idx').on(t.createdAt),
  ],
)

export const sellers = pgTable(
  'sellers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: 'restrict' }),
    legalName: text('legal_name').notNull(),
    displayName: text('display_name').notNull(),
    /** The display name in Persian, shown in fa (`textInLocale`); null: the English one shows. */
    displayNameFa: text('display_name_fa'),
    /** National or economic id of the business. */
    nationalId: text('national_id').notNull(),
    phone: text('phone').notNull(),
    city: text('city').notNull(),
    address: text('address').notNull(),
    goodsCategory: text('goods_category'),
    status: sellerStatusEnum('status').notNull().default('pending'),
    statusReason: text('status_reason'),
    /** The slug of the plan in force (plans.slug); the subscription periods are in seller_subscriptions. */
    planCode: text('plan_code').notNull().default('free'),
    /** Seller delivery fee per order, minor units. */
    deliveryFee: bigint('delivery_fee', { mode: 'number' }).notNull().default(0),
    /** An order whose goods total reaches this is delivered free; null: never free. */
    freeDeliveryThreshold: bigint('free_delivery_threshold', { mode: 'number' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('sellers_owner_key').on(t.ownerUserId),
    index('sellers_status_idx').on(t.status),
    check('sellers_delivery_fee_non_negative', sql`${t.deliveryFee} >= 0`),
    check(
      'sellers_free_delivery_threshold_non_negative',
      sql`${t.freeDeliveryThreshold} is null or ${t.freeDeliveryThreshold} >= 0`,
    ),
  ],
)
