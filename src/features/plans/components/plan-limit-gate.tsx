import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, type ReactNode } from 'react'
import type { PlanLimitKind } from '~/lib/domain-enums'
import { m } from '~/lib/messages'
import { buttonClasses } from '~/ui/button'
import { planQueries } from '../plans.queries'

/**
 * An action a plan limit counts ("New store", "Invite"): shown as usual while the plan allows one
 * more, otherwise disabled with the reason the server would give and a way to the plans. The server
 * enforces the limit either way; this only says so before the seller tries.
 */
export function PlanLimitGate({
  kind,
  label,
  children,
}: {
  kind: PlanLimitKind
  label: string
  children: ReactNode
}) {
  const { data } = useQuery(planQueries.overview())
  const reasonId = useId()
  const usage = data?.usage.find((u) => u.kind === kind)
  if (!usage || usage.allowed) return <>{children}</>
  return (
    <div className="flex max-w-md flex-col items-start gap-2 sm:items-end">
      <button
        type="button"
        className={buttonClasses()}
        aria-disabled="true"
        aria-describedby={reasonId}
        disabled
      >
        {label}
      </button>
      <p id={reasonId} role="note" className="text-sm text-stone-700 sm:text-end">
        {usage.reason}{' '}
        <Link to="/subscription" className="font-medium text-brand-800 underline underline-offset-4">
          {m.tools_plans_see_plans()}
        </Link>
      </p>
    </div>
  )
}
