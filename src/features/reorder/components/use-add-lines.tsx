import { useMutation } from '@tanstack/react-query'
import { createElement } from 'react'
import { useBasketActions } from '~/features/basket'
import { m } from '~/lib/messages'
import { notify } from '~/lib/notify'
import { addLinesToBasketFn, undoAddLinesFn } from '../reorder.functions'
import type { AddLinesInput } from '../reorder.schemas'

/**
 * Adds many lines to the basket in one request; the toast offers Undo, which takes out exactly what
 * was added (one more request). The basket (and the header's count) reloads after each.
 */
export function useAddLines(onDone?: () => void) {
  const basket = useBasketActions()
  return useMutation({
    mutationFn: (lines: AddLinesInput['lines']) => addLinesToBasketFn({ data: { lines } }),
    onSuccess: (result) => {
      basket.reload()
      onDone?.()
      const undo = () =>
        void undoAddLinesFn({ data: { lines: result.added } }).then(
          (answer) => {
            basket.reload()
            notify('info', answer.message)
          },
          () => notify('error', m.reorder_undo_failed()),
        )
      notify('success', result.message, {
        action: createElement(
          'button',
          {
            type: 'button',
            onClick: undo,
            className:
              'ms-auto shrink-0 rounded-md bg-white px-2 py-1 text-xs font-semibold text-stone-900 underline',
          },
          m.reorder_undo(),
        ),
      })
    },
  })
}
