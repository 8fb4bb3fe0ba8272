/**
 * The HTTP client learns that a session ended (a refresh failed); the app shell decides what that
 * means for the UI (clear the cached user, go to /auth). An event keeps the client free of React.
 */
export interface SessionEnded {
  redirectToAuth: boolean
}

const listeners = new Set<(event: SessionEnded) => void>()

export function onSessionEnded(listener: (event: SessionEnded) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Returns whether anyone handled it, so that a caller can fall back to a plain page load. */
export function emitSessionEnded(event: SessionEnded): boolean {
  for (const listener of listeners) listener(event)
  return listeners.size > 0
}
