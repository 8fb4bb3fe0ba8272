import { formatMoney, formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import type { PlanLimitKind } from '~/lib/domain-enums'
import { limitKindLabels } from '../plans.schemas'

export const formatLimit = (limit: number | null) =>
  limit === null ? m.seller_plan_unlimited() : formatNumber(limit)

export function formatUsage(kind: PlanLimitKind, used: number, limit: number | null): string {
  if (kind === 'importRows') return m.seller_plan_per_file({ limit: formatLimit(limit) })
  return m.seller_plan_used_of({ used: formatNumber(used), limit: formatLimit(limit) })
}

export const limitLabel = (kind: PlanLimitKind) => limitKindLabels[kind].column

export const priceLabel = (amount: number) => (amount === 0 ? m.seller_plan_free() : formatMoney(amount))
