import { m } from '~/lib/messages'
import type { StatementKind, StatementLineView } from './seller-finance.schemas'

/** A statement line in words: what happened (the entry) and which of the seller's balances it moved. */
export function statementLineWords(line: Pick<StatementLineView, 'kind' | 'account'>): string {
  const { kind, account } = line
  switch (kind) {
    case 'order_paid':
      return m.finance_line_order_paid()
    case 'order_released':
      return account === 'seller_pending'
        ? m.finance_line_order_released_pending()
        : m.finance_line_order_released_available()
    case 'order_refund':
      return account === 'seller_pending'
        ? m.finance_line_order_refund_pending()
        : m.finance_line_order_refund_available()
    case 'payout_created':
      return account === 'payouts_in_transit'
        ? m.finance_line_payout_created_transit()
        : m.finance_line_payout_created_available()
    case 'payout_paid':
      return m.finance_line_payout_paid()
    case 'payout_failed':
      return account === 'payouts_in_transit'
        ? m.finance_line_payout_failed_transit()
        : m.finance_line_payout_failed_available()
    case 'split_settlement':
      return account === 'seller_pending'
        ? m.finance_line_split_settlement_pending()
        : m.finance_line_split_settlement_available()
    case 'adjustment':
      return m.finance_line_adjustment()
  }
}

/** The entry kinds as the filter names them. */
export function statementKindLabel(kind: StatementKind): string {
  switch (kind) {
    case 'order_paid':
      return m.finance_kind_order_paid()
    case 'order_released':
      return m.finance_kind_order_released()
    case 'order_refund':
      return m.finance_kind_order_refund()
    case 'payout_created':
      return m.finance_kind_payout_created()
    case 'payout_paid':
      return m.finance_kind_payout_paid()
    case 'payout_failed':
      return m.finance_kind_payout_failed()
    case 'split_settlement':
      return m.finance_kind_split_settlement()
    case 'adjustment':
      return m.finance_kind_adjustment()
  }
}

/** The seller's balance a line moved. */
export function statementAccountLabel(account: StatementLineView['account']): string {
  switch (account) {
    case 'seller_pending':
      return m.finance_pending()
    case 'seller_available':
      return m.finance_available()
    case 'payouts_in_transit':
      return m.finance_in_transit()
  }
}
