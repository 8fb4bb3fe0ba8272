import './i18n'

/**
 * Every word a page, an e-mail, an SMS, a PDF or an error shows: `m.area_name()` (issue #22).
 * Import `m` from here, not from the generated folder, so the locale is wired before a message runs.
 * Messages live in messages/<area>/{fa,en}.json; keys start with their area (`common_`, `catalog_`,
 * `buyer_`, `seller_`, `admin_`, `server_`). A message is a function: call it when the words are
 * shown, never at module load (the locale is the request's, not the process's).
 */
export * as m from '~/paraglide/messages'
