import type { BillingCycle } from '~/lib/domain-enums'

/** Period arithmetic and proration (issue #19), pure so it is tested without a database. */

export const DAY_MS = 86_400_000

/** The end of a period starting at `start`: one calendar month or year later, in UTC. */
export function periodEndOf(start: Date, cycle: BillingCycle): Date {
  const end = new Date(start.getTime())
  if (cycle === 'monthly') {
    const day = end.getUTCDate()
    end.setUTCMonth(end.getUTCMonth() + 1)
    // 31 January + 1 month is the last day of February, not 3 March.
    if (end.getUTCDate() !== day) end.setUTCDate(0)
  } else {
    end.setUTCFullYear(end.getUTCFullYear() + 1)
  }
  return end
}

/** Whole days of a period (a month is 28-31, a year 365-366). */
export const periodDays = (start: Date, end: Date) => Math.round((end.getTime() - start.getTime()) / DAY_MS)

/**
 * The credit for the unused part of a paid period at `at`, to the day: the whole days left
 * (a started day counts as used) over the period's days, times what was paid; rounded down.
 */
export function unusedCredit(
  period: { periodStart: Date; periodEnd: Date; amountPaid: number },
  at: Date,
): { credit: number; days: number } {
  const total = periodDays(period.periodStart, period.periodEnd)
  if (total <= 0 || period.amountPaid <= 0) return { credit: 0, days: 0 }
  const days = Math.max(0, Math.min(total, Math.floor((period.periodEnd.getTime() - at.getTime()) / DAY_MS)))
  return { credit: Math.floor((period.amountPaid * days) / total), days }
}

/**
 * An upgrade whose unused credit is worth at least the new plan's price for the chosen cycle needs
 * no payment: the plan starts at once for the cycle (`start` to `cycleEnd`), and what the credit is
 * worth beyond the price buys more whole days of the new plan at that cycle's daily price (rounded
 * down), so nothing paid for is lost and nothing is paid back in money.
 */
export function creditCoveredPeriod(
  start: Date,
  cycleEnd: Date,
  listPrice: number,
  credit: number,
): { end: Date; extraDays: number } {
  const cycleDays = periodDays(start, cycleEnd)
  const extraDays =
    listPrice > 0 && cycleDays > 0 ? Math.floor(((credit - listPrice) * cycleDays) / listPrice) : 0
  return {
    end: new Date(cycleEnd.getTime() + Math.max(0, extraDays) * DAY_MS),
    extraDays: Math.max(0, extraDays),
  }
}

/** What a year saves against twelve months. */
export const yearlySaving = (monthly: number, yearly: number) => Math.max(0, monthly * 12 - yearly)

export const priceOf = (plan: { monthlyPrice: number; yearlyPrice: number }, cycle: BillingCycle) =>
  cycle === 'monthly' ? plan.monthlyPrice : plan.yearlyPrice
