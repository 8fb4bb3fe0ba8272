import { PLUS_NAME } from '~/features/plus/plus.schemas'
import { formatMoney } from '~/lib/money'
import type { InvoicePartyView, InvoiceView } from '../invoices.types'

/**
 * Printing shows only the invoice: everything that does not contain it (header, menu, buttons,
 * footer) is taken out of the layout, and the boxes around it lose their padding and columns, so the
 * printout is the invoice alone, without touching the shell's own styles.
 */
const PRINT_CSS = `@media print {
  @page { margin: 14mm; }
  body *:not(:has(#invoice-document)):not(#invoice-document):not(#invoice-document *) { display: none !important; }
  body *:has(#invoice-document) { display: block !important; margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; background: none !important; max-width: none !important; width: auto !important; }
  #invoice-document { border: 0 !important; box-shadow: none !important; padding: 0 !important; }
}`

function Party({ title, party }: { title: string; party: InvoicePartyView }) {
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <h2 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{title}</h2>
      <p className="font-semibold text-ink">{party.name}</p>
      {party.national_id ? (
        <p>
          National ID: <span dir="ltr">{party.national_id}</span>
        </p>
      ) : null}
      <p dir="ltr" className="self-start">
        {party.phone}
      </p>
      {party.address ? <p className="text-stone-700">{party.address}</p> : null}
    </div>
  )
}

export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  const money = (n: number) => formatMoney(n, invoice.currency)
  const totals: Array<[string, string]> = [
    ['Subtotal', money(invoice.subtotal)],
    ...(invoice.discount > 0 ? [['Offers', `− ${money(invoice.discount)}`] as [string, string]] : []),
    (invoice.delivery_paid_by_platform ?? 0) > 0
      ? [
          `Delivery — paid by ${PLUS_NAME}`,
          `${money(0)} (${money(invoice.delivery_paid_by_platform!)} paid to the seller)`,
        ]
      : ['Delivery', invoice.order.delivery_method === 'pickup' ? 'Pickup' : money(invoice.delivery_fee)],
    [`VAT (${invoice.vat_percent}%)`, money(invoice.vat)],
  ]
  return (
    <article
      id="invoice-document"
      aria-labelledby="invoice-title"
      className="flex flex-col gap-6 rounded-2xl border border-stone-200 bg-white p-4 text-ink sm:p-8"
    >
      <style>{PRINT_CSS}</style>
      <header className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 id="invoice-title" className="text-2xl font-bold tracking-tight">
            Invoice{' '}
            <span dir="ltr" className="font-mono" data-testid="invoice-number">
              {invoice.number}
            </span>
          </h1>
          <p className="text-sm text-stone-600">
            Order{' '}
            <span dir="ltr" className="font-mono">
              {invoice.order.number}
            </span>
          </p>
        </div>
        <p className="text-sm">
          Issued <time dateTime={invoice.issued_at}>{invoice.issued_on}</time> (Tehran)
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <Party title="Seller" party={invoice.seller} />
        <Party title="Buyer" party={invoice.buyer} />
      </div>
      {invoice.pickup_points?.length ? (
        <section
          aria-labelledby="invoice-pickup"
          className="flex flex-col gap-1 text-sm"
          data-testid="invoice-pickup"
        >
          <h2 id="invoice-pickup" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            Pickup from
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {invoice.pickup_points.map((point) => (
              <li key={`${point.store}|${point.city}`}>
                <address className="flex flex-col gap-0.5 not-italic">
                  <span className="font-semibold">
                    {point.store}, {point.city}
                  </span>
                  {point.address ? <span className="text-stone-700">{point.address}</span> : null}
                  {point.hours ? <span className="text-stone-700">Hours: {point.hours}</span> : null}
                </address>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="relative overflow-x-auto">
        <table className="w-full border-collapse text-start text-sm">
          <caption className="sr-only">Invoice lines</caption>
          <thead className="border-b-2 border-stone-300 text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pe-3 font-medium">
                Item
              </th>
              <th scope="col" className="hidden px-3 py-2 text-end font-medium sm:table-cell">
                Qty
              </th>
              <th scope="col" className="hidden px-3 py-2 text-end font-medium sm:table-cell">
                Unit price
              </th>
              <th scope="col" className="py-2 ps-3 text-end font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {invoice.lines.map((line) => (
              <tr key={line.sku}>
                <td className="py-2 pe-3 sm:min-w-40">
                  <span className="block font-medium">{line.product_name}</span>
                  <span className="block text-xs text-stone-600" dir="ltr">
                    {line.sku}
                  </span>
                  {/* Phones have no room for the quantity and price columns. */}
                  <span className="block text-xs text-stone-600 tabular-nums sm:hidden">
                    {line.quantity} {line.unit} ×{' '}
                    {money(line.offer_price > 0 ? line.offer_price : line.unit_price)}
                  </span>
                </td>
                <td className="hidden px-3 py-2 text-end whitespace-nowrap tabular-nums sm:table-cell">
                  {line.quantity} {line.unit}
                </td>
                <td className="hidden px-3 py-2 text-end whitespace-nowrap tabular-nums sm:table-cell">
                  {money(line.offer_price > 0 ? line.offer_price : line.unit_price)}
                </td>
                <td className="py-2 ps-3 text-end whitespace-nowrap tabular-nums">
                  {money(line.line_total)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="flex flex-col gap-1.5 self-end text-sm sm:min-w-72">
        {totals.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-6">
            <dt className="text-stone-600">{term}</dt>
            <dd className="tabular-nums">{value}</dd>
          </div>
        ))}
        <div className="mt-1 flex justify-between gap-6 border-t-2 border-stone-300 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums" data-testid="invoice-total">
            {money(invoice.total)}
          </dd>
        </div>
      </dl>
    </article>
  )
}
