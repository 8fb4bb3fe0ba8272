import { createFileRoute } from '@tanstack/react-router'
import { BrowseHistoryPage } from '~/features/history/components/browse-history-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/browse-history')({
  head: () => pageHead('Browsing History'),
  component: BrowseHistoryPage,
})
