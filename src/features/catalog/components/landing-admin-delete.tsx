import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { notify } from '~/lib/notify'
import { Button } from '~/ui/button'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '~/ui/dialog'
import { deleteLandingPageFn } from '../landing-admin.functions'
import { afterLandingChange } from '../landing-admin.queries'
import type { AdminLandingPage } from '../landing-admin.schemas'

/** "Delete" with a confirmation that says what goes away and how to keep the page instead. */
export function LandingDeleteButton({ page, onDeleted }: { page: AdminLandingPage; onDeleted: () => void }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [deleting, setDeleting] = useState(false)
  const remove = async () => {
    setDeleting(true)
    try {
      await deleteLandingPageFn({ data: { id: page.id } })
      await afterLandingChange(queryClient, [page.slug])
      notify('success', `“${page.title}” deleted`)
      setOpen(false)
      onDeleted()
    } catch (error) {
      notify('error', toApiError(error).message)
    } finally {
      setDeleting(false)
    }
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="text-red-800">
          Delete…
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Delete “${page.title}”?`}
        description={
          page.status === 'published'
            ? `The page is public: /landing/${page.slug} will show “not found” to everyone, and it cannot be undone. To take it off the site but keep it, set it to Draft instead.`
            : 'The draft and its blocks are deleted for good. This cannot be undone.'
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">Keep it</Button>
          </DialogClose>
          <Button variant="danger" disabled={deleting} onClick={() => void remove()}>
            {deleting ? 'Deleting…' : 'Delete landing page'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
