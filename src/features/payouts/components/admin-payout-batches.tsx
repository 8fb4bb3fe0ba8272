import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { toApiError } from '~/lib/api-error'
import { formatMoney, formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { formatTehranDay } from '~/lib/tehran-time'
import { Button } from '~/ui/button'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { makePayoutBatchFn } from '../payouts.functions'
import { payoutQueries } from '../payouts.queries'

/** /admin/finance/payouts: the batches and the button that makes this week's (idempotent). */
export function AdminPayoutBatches() {
  const { data: batches } = useSuspenseQuery(payoutQueries.batches())
  const queryClient = useQueryClient()
  const make = useMutation({
    mutationFn: () => makePayoutBatchFn(),
    onSuccess: async (made) => {
      await queryClient.invalidateQueries({ queryKey: payoutQueries.all })
      notify(
        made.created ? 'success' : 'info',
        made.created
          ? m.payouts_made({ period: made.period, lines: formatNumber(made.lines) })
          : m.payouts_already_made({ period: made.period }),
      )
    },
    onError: (error) => notify('error', toApiError(error).message),
  })
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {m.payouts_admin_title()}
          </h1>
          <p className="mt-1 max-w-3xl text-sm text-stone-700">{m.payouts_admin_intro()}</p>
        </div>
        <Button onClick={() => make.mutate()} disabled={make.isPending}>
          {m.payouts_make_now()}
        </Button>
      </div>
      {batches.length === 0 ? (
        <p className="text-sm text-stone-700">{m.payouts_no_batches()}</p>
      ) : (
        <Table>
          <THead>
            <Tr>
              <Th>{m.payouts_col_period()}</Th>
              <Th>{m.payouts_col_date()}</Th>
              <Th>{m.payouts_col_lines()}</Th>
              <Th>{m.payouts_col_total()}</Th>
              <Th>{m.payouts_col_in_transit()}</Th>
              <Th>{m.payouts_col_paid()}</Th>
              <Th>{m.payouts_col_failed()}</Th>
              <Th>{m.payouts_col_status()}</Th>
            </Tr>
          </THead>
          <TBody>
            {batches.map((batch) => (
              <Tr key={batch.id}>
                <Td>
                  <Link
                    to="/admin/finance/payouts/$payoutBatchId"
                    params={{ payoutBatchId: String(batch.id) }}
                    className="font-medium text-brand-800 underline underline-offset-4"
                  >
                    <span dir="ltr">{batch.period}</span>
                  </Link>
                </Td>
                <Td>{formatTehranDay(batch.created_at)}</Td>
                <Td>{formatNumber(batch.lines)}</Td>
                <Td>{formatMoney(batch.total)}</Td>
                <Td>{formatNumber(batch.in_transit)}</Td>
                <Td>{formatNumber(batch.paid)}</Td>
                <Td>{formatNumber(batch.failed)}</Td>
                <Td>{batch.status === 'open' ? m.payouts_batch_open() : m.payouts_batch_closed()}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </section>
  )
}
