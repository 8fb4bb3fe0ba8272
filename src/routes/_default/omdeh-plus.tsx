import { createFileRoute } from '@tanstack/react-router'
import { constants } from '#app-config'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/omdeh-plus')({
  head: () => pageHead(`${constants.brand.name} Plus`),
  component: DefaultOmdehPlusPage,
})

function DefaultOmdehPlusPage() {
  return <PlaceholderPage title={`${constants.brand.name} Plus`} owner="later" />
}
