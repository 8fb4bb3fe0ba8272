import { plusName } from '~/features/plus'
import { textInLocale } from '~/lib/i18n'
import { m } from '~/lib/messages'
import { formatMoney, formatNumber } from '~/lib/money'
import { formatTehranCalendarDay } from '~/lib/tehran-time'
import type { InvoicePartyView, InvoiceView } from '~/features/payments'

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
          {m.seller_invoice_national_id()} <span dir="ltr">{party.national_id}</span>
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
    [m.seller_order_totals_subtotal(), money(invoice.subtotal)],
    ...(invoice.discount > 0
      ? [[m.seller_order_totals_offers(), `− ${money(invoice.discount)}`] as [string, string]]
      : []),
    (invoice.delivery_paid_by_platform ?? 0) > 0
      ? [
          m.seller_order_totals_delivery_by_plus({ plus: plusName() }),
          m.seller_invoice_delivery_by_plus_value({
            zero: money(0),
            amount: money(invoice.delivery_paid_by_platform!),
          }),
        ]
      : [
          m.seller_order_totals_delivery(),
          invoice.order.delivery_method === 'pickup'
            ? m.seller_order_totals_pickup()
            : money(invoice.delivery_fee),
        ],
    [m.seller_order_totals_vat({ percent: formatNumber(invoice.vat_percent) }), money(invoice.vat)],
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
            {m.seller_invoice_heading()}{' '}
            <span dir="ltr" className="font-mono" data-testid="invoice-number">
              {invoice.number}
            </span>
          </h1>
          <p className="text-sm text-stone-600">
            {m.seller_invoice_order()}{' '}
            <span dir="ltr" className="font-mono">
              {invoice.order.number}
            </span>
          </p>
        </div>
        <p className="text-sm">
          {m.seller_invoice_issued_before()}
          <time dateTime={invoice.issued_at}>{formatTehranCalendarDay(invoice.issued_on)}</time>
          {m.seller_invoice_issued_after()}
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <Party title={m.seller_invoice_seller()} party={invoice.seller} />
        <Party title={m.seller_invoice_buyer()} party={invoice.buyer} />
      </div>
      {invoice.pickup_points?.length ? (
        <section
          aria-labelledby="invoice-pickup"
          className="flex flex-col gap-1 text-sm"
          data-testid="invoice-pickup"
        >
          <h2 id="invoice-pickup" className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
            {m.seller_invoice_pickup_from()}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {invoice.pickup_points.map((point) => (
              <li key={`${point.store}|${point.city}`}>
                <address className="flex flex-col gap-0.5 not-italic">
                  <span className="font-semibold">
                    {m.seller_order_pickup_point({
                      store: textInLocale(point.store, point.storeFa),
                      city: point.city,
                    })}
                  </span>
                  {point.address ? <span className="text-stone-700">{point.address}</span> : null}
                  {point.hours ? (
                    <span className="text-stone-700">
                      {m.seller_order_pickup_hours({ hours: point.hours })}
                    </span>
                  ) : null}
                </address>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="relative overflow-x-auto">
        <table className="w-full border-collapse text-start text-sm">
          <caption className="sr-only">{m.seller_invoice_lines()}</caption>
          <thead className="border-b-2 border-stone-300 text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pe-3 font-medium">
                {m.seller_invoice_item()}
              </th>
              <th scope="col" className="hidden px-3 py-2 text-end font-medium sm:table-cell">
                {m.seller_invoice_qty()}
              </th>
              <th scope="col" className="hidden px-3 py-2 text-end font-medium sm:table-cell">
                {m.seller_invoice_unit_price()}
              </th>
              <th scope="col" className="py-2 ps-3 text-end font-medium">
                {m.seller_invoice_amount()}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-200">
            {invoice.lines.map((line) => (
              <tr key={line.sku}>
                <td className="py-2 pe-3 sm:min-w-40">
                  <span className="block font-medium">
                    {textInLocale(line.product_name, line.product_name_fa)}
                  </span>
                  <span className="block text-xs text-stone-600" dir="ltr">
                    {line.sku}
                  </span>
                  {/* Phones have no room for the quantity and price columns. */}
                  <span className="block text-xs text-stone-600 tabular-nums sm:hidden">
                    {formatNumber(line.quantity)} {textInLocale(line.unit, line.unit_fa)} ×{' '}
                    {money(line.offer_price > 0 ? line.offer_price : line.unit_price)}
                  </span>
                </td>
                <td className="hidden px-3 py-2 text-end whitespace-nowrap tabular-nums sm:table-cell">
                  {formatNumber(line.quantity)} {textInLocale(line.unit, line.unit_fa)}
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
          <dt>{m.seller_order_totals_total()}</dt>
          <dd className="tabular-nums" data-testid="invoice-total">
            {money(invoice.total)}
          </dd>
        </div>
      </dl>
    </article>
  )
}
