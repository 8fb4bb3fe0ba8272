/**
 * A sign-in finished in this browser (auth's useFinishSignIn): the app shell says what else must
 * happen before the user is sent on (the guest's basket joins the account, spec §4 "Fill basket").
 * An event keeps the auth feature free of the shell and the basket, as session-events.ts does for
 * the HTTP client; the shell listens from its runtime (AppRuntime), mounted on every page.
 */
export interface SignedIn {
  user: { id: number }
}

type Listener = (event: SignedIn) => Promise<void>

const listeners = new Set<Listener>()

export function onSignedIn(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Resolves once every listener has finished or failed: a step that fails (a basket that does not
 * merge) must not keep anyone from their account.
 */
export async function emitSignedIn(event: SignedIn): Promise<void> {
  await Promise.all(
    [...listeners].map((listener) =>
      Promise.resolve()
        .then(() => listener(event))
        .catch(() => undefined),
    ),
  )
}
