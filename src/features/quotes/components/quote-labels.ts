import { m } from '~/lib/messages'
import type { QuoteRequestStatus, QuoteStatus, SellerQuoteTab } from '~/lib/quote-enums'

export const requestStatusLabel = (status: QuoteRequestStatus) =>
  ({
    open: m.quotes_request_status_open,
    closed: m.quotes_request_status_closed,
    awarded: m.quotes_request_status_awarded,
    expired: m.quotes_request_status_expired,
  })[status]()

export const quoteStatusLabel = (status: QuoteStatus) =>
  ({
    submitted: m.quotes_status_submitted,
    accepted: m.quotes_status_accepted,
    lost: m.quotes_status_lost,
    expired: m.quotes_status_expired,
  })[status]()

export const inboxTabLabel = (tab: SellerQuoteTab) =>
  ({
    new: m.quotes_tab_new,
    answered: m.quotes_tab_answered,
    won: m.quotes_tab_won,
    lost: m.quotes_tab_lost,
    expired: m.quotes_tab_expired,
  })[tab]()
