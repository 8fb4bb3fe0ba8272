import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/auth/verify')({
  head: () => pageHead('Verify your number'),
  component: AuthVerifyPage,
})

function AuthVerifyPage() {
  return <PlaceholderPage title="Verify your number" owner="identity" />
}
