import { formatNumber } from '~/lib/money'
import { useSyncExternalStore } from 'react'

/** A shared one-second clock: every countdown on the page ticks together, from one timer. */
const listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | null = null

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  timer ??= setInterval(() => listeners.forEach((notify) => notify()), 1000)
  return () => {
    listeners.delete(listener)
    if (!listeners.size && timer) {
      clearInterval(timer)
      timer = null
    }
  }
}

const nowInSeconds = () => Math.ceil(Date.now() / 1000)

/**
 * Whole seconds until `deadline` (epoch ms), 0 once it has passed; null while the page is server
 * rendered or hydrating (the server cannot know the browser's clock or storage).
 */
export function useSecondsLeft(deadline: number | null): number | null {
  const now = useSyncExternalStore(subscribe, nowInSeconds, () => null)
  if (now === null) return null
  if (deadline === null) return 0
  // Both rounded up: a 60 s cooldown reads 60 first, never 61.
  return Math.max(0, Math.ceil(deadline / 1000) - now)
}

/** 75 → "1:15" (fa: "۱:۱۵"), in the page's digits. */
export function formatSeconds(seconds: number): string {
  const rest = seconds % 60
  return `${formatNumber(Math.floor(seconds / 60))}:${rest < 10 ? formatNumber(0) : ''}${formatNumber(rest)}`
}
