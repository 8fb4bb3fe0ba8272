import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { formatMoney, formatNumber } from '~/lib/money'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { formatTehranDay } from '~/lib/tehran-time'
import { buttonClasses } from '~/ui/button'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { payoutQueries } from '../payouts.queries'
import type { PayoutLineView } from '../payouts.schemas'
import { PayoutStatusBadge } from './payout-status'
import { SettleDialog } from './settle-dialog'

/** A batch: its lines with the full Sheba (for the bank), the bank file, and settling each line. */
export function AdminPayoutBatch({ payoutBatchId }: { payoutBatchId: number }) {
  const { data } = useSuspenseQuery(payoutQueries.batch(payoutBatchId))
  const { batch, lines } = data
  const fileUrl = (format: 'csv' | 'xlsx') => `/api/admin/payout-batches/${batch.id}/file?format=${format}`
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-5">
      <Link
        to="/admin/finance/payouts"
        className="self-start text-sm font-medium text-brand-800 underline underline-offset-4"
      >
        {m.payouts_back()}
      </Link>
      <div>
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.payouts_batch_title({ period: batch.period })}
        </h1>
        <p className="mt-1 text-sm text-stone-700">
          {formatTehranDay(batch.created_at)} · {m.payouts_col_lines()}: {formatNumber(batch.lines)} ·{' '}
          {m.payouts_col_total()}: {formatMoney(batch.total)} ·{' '}
          {batch.status === 'open' ? m.payouts_batch_open() : m.payouts_batch_closed()}
        </p>
      </div>
      {lines.length === 0 ? (
        <p className="text-sm text-stone-700">{m.payouts_no_lines()}</p>
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <div className="flex flex-wrap gap-2">
              <a href={fileUrl('xlsx')} download className={buttonClasses('secondary', 'sm')}>
                {m.payouts_download_xlsx()}
              </a>
              <a href={fileUrl('csv')} download className={buttonClasses('secondary', 'sm')}>
                {m.payouts_download_csv()}
              </a>
            </div>
            <p className="text-xs text-stone-600">{m.payouts_download_hint()}</p>
          </div>
          <Table>
            <THead>
              <Tr>
                <Th>{m.payouts_col_reference()}</Th>
                <Th>{m.payouts_col_seller()}</Th>
                <Th>{m.payouts_col_sheba()}</Th>
                <Th>{m.payouts_col_holder()}</Th>
                <Th>{m.payouts_col_amount()}</Th>
                <Th>{m.payouts_col_status()}</Th>
                <Th>{m.payouts_col_actions()}</Th>
              </Tr>
            </THead>
            <TBody>
              {lines.map((line) => (
                <LineRow key={line.id} line={line} />
              ))}
            </TBody>
          </Table>
        </>
      )}
    </section>
  )
}

function LineRow({ line }: { line: PayoutLineView }) {
  const queryClient = useQueryClient()
  const settled = async (message: string) => {
    await queryClient.invalidateQueries({ queryKey: payoutQueries.all })
    notify('success', message)
  }
  return (
    <Tr>
      <Td>
        <span dir="ltr" className="font-mono text-xs">
          {line.reference}
        </span>
      </Td>
      <Td text>{line.seller_name}</Td>
      <Td>
        <span dir="ltr" className="font-mono text-xs">
          {line.sheba}
        </span>
      </Td>
      <Td text>{line.holder_name}</Td>
      <Td>{formatMoney(line.amount)}</Td>
      <Td>
        <div className="flex flex-col gap-1">
          <PayoutStatusBadge status={line.status} />
          {line.bank_tracking ? (
            <span dir="ltr" className="font-mono text-xs text-stone-700">
              {line.bank_tracking}
            </span>
          ) : null}
          {line.failure_reason ? <span className="text-xs text-stone-700">{line.failure_reason}</span> : null}
          {line.settled_at ? (
            <span className="text-xs text-stone-600">{formatTehranDay(line.settled_at)}</span>
          ) : null}
        </div>
      </Td>
      <Td>
        {line.status === 'in_transit' ? (
          <div className="flex flex-wrap gap-2">
            <SettleDialog
              outcome="paid"
              line={line}
              onDone={() => settled(m.payouts_marked_paid({ reference: line.reference }))}
            />
            <SettleDialog
              outcome="failed"
              line={line}
              onDone={() => settled(m.payouts_marked_failed({ reference: line.reference }))}
            />
          </div>
        ) : null}
      </Td>
    </Tr>
  )
}
