import { m } from '~/lib/messages'
import { isStockReason, stockReasonLabels } from '~/lib/stock-reasons'

/**
 * Reasons the system gives in the audit trail (audit_events.reason) are codes, worded where they
 * are read in the reader's language (issue #22); a reason a person typed is shown as typed. The
 * writers (price tiers, plans) and the audit page share this list.
 */
export const AUDIT_REASONS = {
  /** A scheduled price tier deleted before it started. */
  tierWithdrawn: 'tier_withdrawn_before_start',
  /** A running price tier ended at once. */
  tierEnded: 'tier_ended_now',
  /** A period paid for by the unused credit of the current one. */
  paidByCredit: 'paid_by_credit',
  upgradePaidByCredit: 'upgrade_paid_by_credit',
  paidPeriodStarted: 'paid_period_started',
  choseFree: 'chose_free',
  notRenewed: 'not_renewed',
  notRenewedInGrace: 'not_renewed_in_grace',
  /** An operator on the server's machine: `npm run admin:create`. */
  commandLine: 'command_line',
} as const
type AuditReasonCode = (typeof AUDIT_REASONS)[keyof typeof AUDIT_REASONS]

const labels: Record<AuditReasonCode, () => string> = {
  tier_withdrawn_before_start: m.admin_audit_reason_tier_withdrawn,
  tier_ended_now: m.admin_audit_reason_tier_ended,
  paid_by_credit: m.admin_audit_reason_paid_by_credit,
  upgrade_paid_by_credit: m.admin_audit_reason_upgrade_paid_by_credit,
  paid_period_started: m.admin_audit_reason_paid_period_started,
  chose_free: m.admin_audit_reason_chose_free,
  not_renewed: m.admin_audit_reason_not_renewed,
  not_renewed_in_grace: m.admin_audit_reason_not_renewed_in_grace,
  command_line: m.admin_audit_reason_command_line,
}

/** A plan change paid by a purchase: the code names the purchase by its number. */
export const purchaseReason = (number: string) => `purchase:${number}`

/** The sentences stored before the reasons were codes, read as the code they stand for. */
const OLD_SENTENCES: Record<string, AuditReasonCode> = {
  'Scheduled tier withdrawn before it started': 'tier_withdrawn_before_start',
  'Expired now': 'tier_ended_now',
  'paid by the unused credit of the current period': 'paid_by_credit',
  'upgrade paid by credit': 'upgrade_paid_by_credit',
  'paid period started': 'paid_period_started',
  'chose Free': 'chose_free',
  'not renewed': 'not_renewed',
  'not renewed within the grace period': 'not_renewed_in_grace',
}

const own = <T extends object>(record: T, key: string): key is Extract<keyof T, string> =>
  Object.hasOwn(record, key)

/** An audit event's reason as the page shows it, in the page's language. */
export function auditReasonText(action: string, reason: string): string {
  const code: string = (own(OLD_SENTENCES, reason) && OLD_SENTENCES[reason]) || reason
  if (own(labels, code)) return labels[code]()
  if (action === 'seller.plan_change') {
    const purchase = /^purchase[: ](\S+)$/.exec(reason)
    if (purchase) return m.admin_audit_reason_purchase({ number: purchase[1]! })
  }
  if (action === 'stock.adjust') {
    const split = reason.indexOf(': ')
    const head = split < 0 ? reason : reason.slice(0, split)
    // A stock adjustment's reason is its reason code, then the person's note: `damaged: 3 broken`.
    if (isStockReason(head)) {
      const label = stockReasonLabels[head]()
      return split < 0
        ? label
        : m.admin_audit_reason_with_note({ reason: label, note: reason.slice(split + 2) })
    }
  }
  return reason
}
