import { textDirection } from './i18n'

/**
 * A number inside a sentence without grouping ("100000"), in Persian digits on a Persian page: limits
 * in messages whose English has always read ungrouped. A module of its own, so schemas the browser
 * loads on every page do not bring the account forms with them.
 */
export const plainNumber = (value: number) =>
  textDirection() === 'rtl' ? String(value).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!) : String(value)
