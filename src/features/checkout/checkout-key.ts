/**
 * The place-order idempotency key: made once per visit of the checkout page and sent with every
 * attempt, so a double click, a retry after a lost answer or a second tab's resubmit makes one order.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18))
  // base64url without padding: 24 URL-safe characters.
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}
