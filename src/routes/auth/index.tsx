import { createFileRoute } from '@tanstack/react-router'
import { PlaceholderPage } from '~/features/shell/components/placeholder-page'
import { pageHead } from '~/features/shell/page-head'

export const Route = createFileRoute('/auth/')({
  head: () => pageHead('Sign in or register'),
  component: AuthPage,
})

function AuthPage() {
  return <PlaceholderPage title="Sign in or register" owner="identity" />
}
