/**
 * Request-for-quotation enumerations (issue #40), shared by the pgEnums, the valibot schemas and
 * the UI. Kept free of imports so the database schema can use them too.
 */

/** open: sellers may quote; awarded: the buyer accepted one quote; closed: by the buyer or for abuse. */
export const quoteRequestStatuses = ['open', 'closed', 'awarded', 'expired'] as const
export type QuoteRequestStatus = (typeof quoteRequestStatuses)[number]

/** A seller's quote: submitted (and revisable), accepted, lost (awarded elsewhere), expired. */
export const quoteStatuses = ['submitted', 'accepted', 'lost', 'expired'] as const
export type QuoteStatus = (typeof quoteStatuses)[number]

export const quoteDeliveryModes = ['delivery', 'pickup'] as const
export type QuoteDeliveryMode = (typeof quoteDeliveryModes)[number]

export const quotePaymentPreferences = ['pay_now', 'credit_terms'] as const
export type QuotePaymentPreference = (typeof quotePaymentPreferences)[number]

export const quoteMessageSides = ['buyer', 'seller'] as const
export type QuoteMessageSide = (typeof quoteMessageSides)[number]

/** The seller's inbox tabs: a request with no quote yet is new. */
export const sellerQuoteTabs = ['new', 'answered', 'won', 'lost', 'expired'] as const
export type SellerQuoteTab = (typeof sellerQuoteTabs)[number]

export const QUOTE_MAX_RECIPIENTS = 10
export const QUOTE_MAX_LINES = 50
