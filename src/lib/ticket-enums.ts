/**
 * Ticket enumerations (DOMAIN.md "Account and support"), shared by the pgEnums, the valibot schemas
 * and the UI. Kept free of imports so the database schema can use them too.
 */
export const ticketStatuses = ['open', 'answered', 'closed'] as const
export type TicketStatus = (typeof ticketStatuses)[number]

/** The three support groups, matching the three support-chat links. */
export const ticketDepartments = ['sellers', 'wholesale', 'retail'] as const
export type TicketDepartment = (typeof ticketDepartments)[number]

/** Where a ticket came from: a signed-in buyer's panel, or the public contact form. */
export const ticketSources = ['panel', 'contact'] as const
export type TicketSource = (typeof ticketSources)[number]

export const messageAuthors = ['customer', 'staff'] as const
export type MessageAuthor = (typeof messageAuthors)[number]

/** Content pages are whole pages (About, Terms...) or guide sections shown together at /guides. */
export const contentKinds = ['page', 'guide'] as const
export type ContentKind = (typeof contentKinds)[number]
