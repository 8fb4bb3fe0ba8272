import { useSuspenseQuery } from '@tanstack/react-query'
import { useCurrentUser } from '~/features/auth'
import { sellerRole } from '~/lib/auth-access'
import { formatMoney } from '~/lib/money'
import { m } from '~/lib/messages'
import { PageSection } from '~/ui/page-section'
import { Table, TBody, Td, Th, THead, Tr } from '~/ui/table'
import { agingBuckets, type AgingBucket } from '../credit-rules'
import { creditQueries } from '../credit.queries'
import { applicationStatus } from './buyer-credit'
import { CreditDecideDialog } from './credit-decide-dialog'

const agingLabel: Record<AgingBucket, () => string> = {
  current: m.credit_aging_current,
  d1_30: m.credit_aging_d1_30,
  d31_60: m.credit_aging_d31_60,
  d61_90: m.credit_aging_d61_90,
  d90_plus: m.credit_aging_d90_plus,
}

/** /seller/credit: applications to decide, and receivables per buyer aged in Tehran days. */
export function SellerCredit() {
  const { data } = useSuspenseQuery(creditQueries.seller())
  const { user } = useCurrentUser()
  const canDecide = sellerRole(user) === 'owner'
  const money = (amount: number) => formatMoney(amount, data.currency)
  return (
    <section aria-labelledby="page-title" className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
          {m.credit_seller_title()}
        </h1>
        <p className="text-sm text-stone-600">{m.credit_seller_intro()}</p>
      </div>

      <PageSection id="credit-applications" title={m.credit_applications_title()}>
        {data.applications.length ? (
          <Table caption={m.credit_applications_title()}>
            <THead>
              <Tr>
                <Th>{m.credit_col_buyer()}</Th>
                <Th>{m.credit_col_business()}</Th>
                <Th>{m.credit_field_economic_code()}</Th>
                <Th>{m.credit_field_national_id()}</Th>
                <Th>{m.credit_col_volume()}</Th>
                <Th>{m.credit_col_state()}</Th>
              </Tr>
            </THead>
            <TBody>
              {data.applications.map((application) => (
                <Tr key={application.id}>
                  <Td text>{application.buyerName}</Td>
                  <Td text>
                    {application.businessName}
                    {application.tradeReferences.map((reference) => (
                      <span key={reference.phone} className="block text-xs text-stone-600">
                        {reference.name} · <span dir="ltr">{reference.phone}</span>
                      </span>
                    ))}
                  </Td>
                  <Td dir="ltr">{application.economicCode}</Td>
                  <Td dir="ltr">{application.nationalId}</Td>
                  <Td>{money(application.expectedMonthlyVolume)}</Td>
                  <Td>
                    {application.status === 'pending' && canDecide ? (
                      <div className="flex gap-2">
                        <CreditDecideDialog decision="approve" application={application} />
                        <CreditDecideDialog decision="decline" application={application} />
                      </div>
                    ) : (
                      applicationStatus(application)
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        ) : (
          <p className="text-sm text-stone-600">{m.credit_no_applications()}</p>
        )}
      </PageSection>

      <PageSection id="credit-receivables" title={m.credit_receivables_title()}>
        {data.receivables.length ? (
          <Table caption={m.credit_receivables_title()}>
            <THead>
              <Tr>
                <Th>{m.credit_col_buyer()}</Th>
                <Th>{m.credit_limit()}</Th>
                <Th>{m.credit_col_exposure()}</Th>
                {agingBuckets.map((bucket) => (
                  <Th key={bucket}>{agingLabel[bucket]()}</Th>
                ))}
              </Tr>
            </THead>
            <TBody>
              {data.receivables.map((row) => (
                <Tr key={row.buyerUserId}>
                  <Td text>
                    {row.buyerName}
                    <span className="block text-xs text-stone-600">
                      {m.credit_term({ days: String(row.termDays) })}
                    </span>
                  </Td>
                  <Td>{money(row.limitRials)}</Td>
                  <Td>{money(row.exposure)}</Td>
                  {agingBuckets.map((bucket) => (
                    <Td key={bucket}>{money(row.aging[bucket])}</Td>
                  ))}
                </Tr>
              ))}
              <Tr>
                <Th scope="row">{m.credit_total()}</Th>
                <Td />
                <Td>{money(agingBuckets.reduce((sum, bucket) => sum + data.totals[bucket], 0))}</Td>
                {agingBuckets.map((bucket) => (
                  <Td key={bucket}>{money(data.totals[bucket])}</Td>
                ))}
              </Tr>
            </TBody>
          </Table>
        ) : (
          <p className="text-sm text-stone-600">{m.credit_no_receivables()}</p>
        )}
      </PageSection>
    </section>
  )
}
