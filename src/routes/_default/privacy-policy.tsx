import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/_default/privacy-policy')({
  head: () => pageHead('Privacy Policy'),
  component: DefaultPrivacyPolicyPage,
})

function DefaultPrivacyPolicyPage() {
  return <PlaceholderPage title="Privacy Policy" owner="content" />
}
