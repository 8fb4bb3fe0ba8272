import { useEffect, useRef } from 'react'

type ValueElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * Keeps what the user typed (or chose) in a server-rendered control before the page hydrated.
 * React hydrates a controlled input without touching its DOM value, but its next render writes the
 * form's value back, so text typed on a slow page was wiped (issue #36). On mount this reads the
 * control as it is now: if it differs from what was rendered, the form adopts it, as if typed now.
 * A control mounted by the browser (not hydrated) shows what was rendered, so nothing happens.
 *
 * Returns the ref to put on the control (or on the fieldset of a radio group). `read` gives the
 * control's value in the form the render passed it (`el.value`, `el.checked`), `adopt` hands a
 * differing value to the field.
 */
export function useKeepEarlyInput<E extends HTMLElement, T>(
  rendered: T,
  read: (element: E) => T,
  adopt: (value: T, element: E) => void,
) {
  const ref = useRef<E>(null)
  // What was rendered on the first render (the server's HTML), and how to adopt: the mount effect
  // runs once and must compare with the first render, not with a later one.
  const first = useRef({ rendered, read, adopt })
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const { rendered, read, adopt } = first.current
    const now = read(element)
    if (!Object.is(now, rendered)) adopt(now, element)
  }, [])
  return ref
}

export const readValue = <E extends ValueElement>(element: E) => element.value
export const readChecked = (element: HTMLInputElement) => element.checked
