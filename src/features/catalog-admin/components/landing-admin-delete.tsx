import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { toApiError } from '~/lib/api-error'
import { m } from '~/lib/messages'
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
      notify('success', m.magazines_landing_deleted({ title: page.title }))
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
          {m.magazines_landing_delete()}
        </Button>
      </DialogTrigger>
      <DialogContent
        title={m.magazines_landing_delete_title({ title: page.title })}
        description={
          page.status === 'published'
            ? m.magazines_landing_delete_published({ slug: page.slug })
            : m.magazines_landing_delete_draft()
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{m.magazines_landing_keep()}</Button>
          </DialogClose>
          <Button variant="danger" disabled={deleting} onClick={() => void remove()}>
            {deleting ? m.magazines_landing_deleting() : m.magazines_landing_delete_confirm()}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
