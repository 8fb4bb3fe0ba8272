import { describe, expect, it } from 'vitest'
import { inLocale } from '~/server/log.server'
import { AUDIT_REASONS, auditReasonText, purchaseReason } from '~/lib/audit-reasons'

const fa = (action: string, reason: string) => inLocale('fa', () => auditReasonText(action, reason))
const en = (action: string, reason: string) => inLocale('en', () => auditReasonText(action, reason))

describe('audit reasons the system writes are worded in the reader’s language (issue #22)', () => {
  it('words each code in Persian and in English', () => {
    expect(fa('price.delete', AUDIT_REASONS.tierWithdrawn)).toBe('پله‌ی زمان‌بندی‌شده پیش از شروع برداشته شد')
    expect(en('price.delete', AUDIT_REASONS.tierWithdrawn)).toBe('Scheduled tier withdrawn before it started')
    expect(fa('subscription.end', AUDIT_REASONS.notRenewedInGrace)).toBe('در مهلت تمدید، تمدید نشد')
    expect(en('subscription.end', AUDIT_REASONS.notRenewedInGrace)).toBe(
      'Not renewed within the grace period',
    )
    expect(fa('seller.plan_change', purchaseReason('OMD-2026-000007'))).toBe('خرید OMD-2026-000007')
    expect(en('seller.plan_change', purchaseReason('OMD-2026-000007'))).toBe('Purchase OMD-2026-000007')
    for (const code of Object.values(AUDIT_REASONS)) {
      expect(fa('x.y', code)).not.toMatch(/[A-Za-z]/)
      expect(en('x.y', code)).not.toBe(code)
    }
  })

  it('reads the English sentences stored before the codes as those codes', () => {
    expect(fa('price.expire', 'Expired now')).toBe('همان لحظه منقضی شد')
    expect(fa('subscription.start', 'paid by the unused credit of the current period')).toBe(
      'با اعتبار استفاده‌نشده‌ی دوره‌ی جاری پرداخت شد',
    )
    expect(fa('seller.plan_change', 'chose Free')).toBe('طرح رایگان را برگزید')
    expect(fa('seller.plan_change', 'purchase OMD-2026-000003')).toBe('خرید OMD-2026-000003')
    expect(en('seller.plan_change', 'upgrade paid by credit')).toBe('Upgrade paid by credit')
  })

  it('words a stock adjustment’s reason code and keeps the note its person typed', () => {
    expect(fa('stock.adjust', 'damaged: three cartons wet')).toBe(
      'آسیب‌دیده یا تاریخ‌گذشته: three cartons wet',
    )
    expect(en('stock.adjust', 'received')).toBe('Goods received')
  })

  it('shows a reason a person typed as typed', () => {
    expect(fa('user.block', 'Spam orders from this account')).toBe('Spam orders from this account')
    expect(fa('order.reject', 'damaged: nothing to do with stock')).toBe('damaged: nothing to do with stock')
    expect(fa('order.cancel', 'purchase OMD-1')).toBe('purchase OMD-1')
  })
})
