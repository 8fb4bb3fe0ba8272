import { useInfiniteQuery } from '@tanstack/react-query'
import { userScoped } from '~/features/auth'
import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { formatTehranDay } from '~/lib/tehran-time'
import { Button } from '~/ui/button'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { listMyPayoutsFn } from '../payouts.functions'
import { payoutQueries } from '../payouts.queries'
import { PayoutStatusBadge } from './payout-status'

/**
 * The signed-in seller's payouts (for /seller/finance): newest first, with status, amount, our
 * reference (the description on the seller's bank statement) and the bank's tracking number.
 */
export function SellerPayoutsSection() {
  const query = useInfiniteQuery({
    queryKey: [...payoutQueries.all, 'mine', 'pages'] as const,
    queryFn: ({ pageParam }) => listMyPayoutsFn({ data: pageParam ? { before: pageParam } : {} }),
    initialPageParam: 0,
    getNextPageParam: (page) => page.next ?? undefined,
    meta: userScoped,
  })
  const payouts = query.data?.pages.flatMap((page) => page.payouts) ?? []
  return (
    <section aria-labelledby="seller-payouts-title" className="flex flex-col gap-3">
      <div>
        <h2 id="seller-payouts-title" className="text-lg font-semibold text-ink">
          {m.payouts_seller_title()}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{m.payouts_seller_intro()}</p>
      </div>
      {query.isSuccess && payouts.length === 0 ? (
        <p className="text-sm text-stone-700">{m.payouts_seller_empty()}</p>
      ) : (
        <Table>
          <THead>
            <Tr>
              <Th>{m.payouts_col_date()}</Th>
              <Th>{m.payouts_col_amount()}</Th>
              <Th>{m.payouts_col_reference()}</Th>
              <Th>{m.payouts_col_status()}</Th>
              <Th>{m.payouts_col_tracking()}</Th>
              <Th>{m.payouts_seller_settled()}</Th>
            </Tr>
          </THead>
          <TBody>
            {payouts.map((payout) => (
              <Tr key={payout.id}>
                <Td>{formatTehranDay(payout.created_at)}</Td>
                <Td>{formatMoney(payout.amount)}</Td>
                <Td>
                  <span dir="ltr" className="font-mono text-xs">
                    {payout.reference}
                  </span>
                </Td>
                <Td>
                  <PayoutStatusBadge status={payout.status} />
                </Td>
                <Td>
                  {payout.bank_tracking ? (
                    <span dir="ltr" className="font-mono text-xs">
                      {payout.bank_tracking}
                    </span>
                  ) : null}
                </Td>
                <Td>{payout.settled_at ? formatTehranDay(payout.settled_at) : null}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
      {query.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {m.payouts_seller_more()}
        </Button>
      ) : null}
    </section>
  )
}
