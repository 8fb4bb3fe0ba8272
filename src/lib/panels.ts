/**
 * The two panels a signed-in user works in (spec §2). Here, below the UI store that remembers one
 * and the auth feature whose rules (auth/panel-rules.ts) say which one a page and a user are in.
 */
export const panels = ['buyer', 'seller'] as const
export type Panel = (typeof panels)[number]

export function isPanel(value: unknown): value is Panel {
  return value === 'buyer' || value === 'seller'
}
