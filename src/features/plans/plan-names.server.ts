import '@tanstack/react-start/server-only'
import { currentLocale } from '~/lib/i18n'

/**
 * A plan's name (and description) in the request's locale: the Persian one in fa when the plan has
 * one, else the English (issue #22). Pages, messages, SMS and platform invoices all name plans so.
 */
export const localPlanName = (plan: { name: string; nameFa: string | null }) =>
  (currentLocale() === 'fa' && plan.nameFa?.trim()) || plan.name

export const localPlanDescription = (plan: { description: string; descriptionFa: string | null }) =>
  (currentLocale() === 'fa' && plan.descriptionFa?.trim()) || plan.description
