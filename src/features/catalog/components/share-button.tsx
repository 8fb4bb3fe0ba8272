import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { m } from '~/lib/messages'

/** The system share sheet where there is one (phones), else the link goes to the clipboard. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const share = async () => {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url })
        return
      }
      await navigator.clipboard.writeText(url)
      notify('success', m.catalog_share_copied())
    } catch (error) {
      // Closing the share sheet is not a failure worth a message.
      if (error instanceof DOMException && error.name === 'AbortError') return
      notify('error', m.catalog_share_failed())
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void share()}>
      {m.catalog_share()}
    </Button>
  )
}
