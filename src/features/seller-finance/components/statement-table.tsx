import { Link } from '@tanstack/react-router'
import { currentLocale } from '~/lib/i18n'
import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { formatTehranMinute, formatTehranShort } from '~/lib/tehran-time'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import type { StatementLineView, StatementPageView } from '../seller-finance.schemas'
import { statementAccountLabel, statementLineWords } from '../statement-words'

const when = (at: string) => (currentLocale() === 'fa' ? formatTehranShort(at) : formatTehranMinute(at))

function Reference({ line }: { line: StatementLineView }) {
  if (line.order)
    return (
      <Link
        to="/seller/orders/$id/process"
        params={{ id: String(line.order.id) }}
        className="font-medium text-brand-800 underline-offset-4 hover:underline"
      >
        {m.finance_order_ref({ number: line.order.number })}
      </Link>
    )
  if (line.reference_type === 'payout') return <>{m.finance_payout_ref({ id: line.reference_id })}</>
  return <span dir="ltr">{`${line.reference_type} ${line.reference_id}`}</span>
}

/** One page of the statement: each line in words, its balance, its amount and, for an order, its breakdown. */
export function StatementTable({ page }: { page: StatementPageView }) {
  const money = (n: number) => formatMoney(n, page.currency)
  return (
    <Table>
      <THead>
        <Tr>
          <Th>{m.finance_col_date()}</Th>
          <Th>{m.finance_col_description()}</Th>
          <Th>{m.finance_col_account()}</Th>
          <Th>{m.finance_col_reference()}</Th>
          <Th className="text-end">{m.finance_col_amount()}</Th>
        </Tr>
      </THead>
      <TBody>
        {page.lines.map((line) => (
          <Tr key={line.id} data-testid="statement-line">
            <Td className="whitespace-nowrap tabular-nums">{when(line.at)}</Td>
            <Td text>
              {statementLineWords(line)}
              {line.order && line.kind === 'order_paid' ? (
                <span className="mt-1 block text-xs text-stone-600">
                  {m.finance_breakdown({
                    gross: money(line.order.gross),
                    commission: money(line.order.commission),
                    vat: money(line.order.commission_vat),
                  })}
                </span>
              ) : null}
            </Td>
            <Td>{statementAccountLabel(line.account)}</Td>
            <Td>
              <Reference line={line} />
            </Td>
            <Td className={`text-end tabular-nums ${line.amount < 0 ? 'text-red-800' : 'text-ink'}`}>
              {money(line.amount)}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  )
}
