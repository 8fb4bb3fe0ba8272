import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { ContentHeader } from '~/features/content/components/content-page'
import { Markdown } from '~/features/content/components/markdown'
import { SupportChats } from '~/features/content/components/support-chats'
import { contentQueries } from '~/features/content'
import { pageHead } from '~/features/shell'
import { ContactForm } from '~/features/tickets/components/contact-form'
import { m } from '~/lib/messages'

export const Route = createFileRoute('/_default/contact')({
  loader: async ({ context }) => {
    const page = await context.queryClient.ensureQueryData(contentQueries.page('contact'))
    return { title: page.title, description: page.description }
  },
  head: ({ loaderData }) => pageHead(loaderData?.title, loaderData?.description),
  component: ContactPage,
})

function ContactPage() {
  const { data: page } = useSuspenseQuery(contentQueries.page('contact'))
  return (
    <section aria-labelledby="page-title" className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <ContentHeader page={page} />
      <Markdown source={page.body} />
      <div className="rounded-2xl border border-stone-200 bg-white p-5 sm:p-7">
        <ContactForm />
      </div>
      <section aria-labelledby="chats-title" className="flex flex-col gap-3">
        <h2 id="chats-title" className="text-lg font-semibold text-ink">
          {m.account_prefer_chat()}
        </h2>
        <SupportChats />
      </section>
    </section>
  )
}
