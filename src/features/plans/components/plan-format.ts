import { formatMoney } from '~/lib/money'
import type { PlanLimitKind } from '~/lib/domain-enums'
import { limitKindLabels } from '../plans.schemas'

export const formatLimit = (limit: number | null) =>
  limit === null ? 'Unlimited' : limit.toLocaleString('en-US')

export function formatUsage(kind: PlanLimitKind, used: number, limit: number | null): string {
  if (kind === 'importRows') return `${formatLimit(limit)} per file`
  return `${used.toLocaleString('en-US')} of ${formatLimit(limit)}`
}

export const limitLabel = (kind: PlanLimitKind) => limitKindLabels[kind].column

export const priceLabel = (amount: number) => (amount === 0 ? 'Free' : formatMoney(amount))
