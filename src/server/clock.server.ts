import '@tanstack/react-start/server-only'

/**
 * The application clock. Every expiry, cooldown and rate-limit decision reads `now()` so tests can
 * pin time (e.g. an access token at exactly 390 minutes) instead of sleeping.
 */
const CLOCK_KEY = Symbol.for('omdeh.clock')
type ClockState = { fixed: number | null }
const state: ClockState = ((globalThis as Record<symbol, ClockState | undefined>)[CLOCK_KEY] ??= {
  fixed: null,
})

export function now(): Date {
  return new Date(state.fixed ?? Date.now())
}

/** Pins the clock (tests only). `null` returns to the real time. */
export function setClock(at: Date | string | number | null): void {
  state.fixed = at === null ? null : new Date(at).getTime()
}

/** Moves a pinned clock forward (pins it at the real time first when it was not pinned). */
export function advanceClock(ms: number): Date {
  state.fixed = (state.fixed ?? Date.now()) + ms
  return now()
}

export const seconds = (n: number) => n * 1000
export const minutes = (n: number) => n * 60_000
export const days = (n: number) => n * 86_400_000
