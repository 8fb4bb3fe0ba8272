import { createFileRoute } from '@tanstack/react-router'
import { BrowseHistoryPage } from '~/features/history/components/browse-history-page'
import { pageHead } from '~/features/shell'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/_default/browse-history')({
  loader: () => ({ title: m.account_history_title() }),
  head: ({ loaderData }) => pageHead(loaderData?.title),
  component: BrowseHistoryPage,
})
