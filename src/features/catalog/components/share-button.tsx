import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'

/** The system share sheet where there is one (phones), else the link goes to the clipboard. */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const share = async () => {
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url })
        return
      }
      await navigator.clipboard.writeText(url)
      notify('success', 'Link copied')
    } catch (error) {
      // Closing the share sheet is not a failure worth a message.
      if (error instanceof DOMException && error.name === 'AbortError') return
      notify('error', 'Could not share this page. Copy the address from the address bar instead.')
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void share()}>
      Share
    </Button>
  )
}
