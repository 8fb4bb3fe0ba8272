import { useEffect, useState } from 'react'
import { constants } from '#app-config'
import { m } from '~/lib/messages'

const { heightPx, color, throttleMs, durationMs, hideDelayMs, resetDelayMs } = constants.progressBar

type Phase = 'idle' | 'running' | 'finishing' | 'hiding'

/**
 * The page-loading bar (spec §9 constants). It appears only when loading takes longer than the
 * throttle, creeps towards 90% over the duration, fills when done, stays for the hide delay,
 * fades, and resets after the reset delay. Quick navigations show nothing. `busy`: a route or the
 * app is loading (progress-bar.tsx).
 */
export function ProgressBarView({ busy }: { busy: boolean }) {
  const [phase, setPhase] = useState<Phase>('idle')

  // Busy: show the bar after the throttle. Done: fill it (only if it was showing).
  useEffect(() => {
    const timer = busy
      ? setTimeout(() => setPhase('running'), throttleMs)
      : setTimeout(() => setPhase((current) => (current === 'running' ? 'finishing' : current)), 0)
    return () => clearTimeout(timer)
  }, [busy])

  // Filled: keep it for the hide delay, fade it, and reset after the reset delay.
  useEffect(() => {
    if (phase === 'finishing') {
      const timer = setTimeout(() => setPhase('hiding'), hideDelayMs)
      return () => clearTimeout(timer)
    }
    if (phase === 'hiding') {
      const timer = setTimeout(() => setPhase('idle'), resetDelayMs)
      return () => clearTimeout(timer)
    }
  }, [phase])

  if (phase === 'idle') return null
  const width = phase === 'running' ? '90%' : '100%'
  return (
    <div
      role="progressbar"
      aria-label={m.catalog_progress_loading()}
      aria-busy={phase === 'running'}
      data-phase={phase}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60]"
      style={{ height: heightPx }}
    >
      <div
        className="h-full"
        style={{
          width,
          background: color,
          boxShadow: `0 0 8px ${color}`,
          opacity: phase === 'hiding' ? 0 : 1,
          // Running: creep over the whole duration; finishing: fill quickly; hiding: fade.
          transition:
            phase === 'running'
              ? `width ${durationMs}ms cubic-bezier(0.1, 0.7, 0.2, 1)`
              : `width 200ms ease-out, opacity ${resetDelayMs}ms ease`,
          animation:
            phase === 'running' ? `progress-start ${durationMs}ms cubic-bezier(0.1, 0.7, 0.2, 1)` : undefined,
        }}
      />
    </div>
  )
}
