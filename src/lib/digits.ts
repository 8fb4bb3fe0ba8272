const NON_ASCII_DIGITS = /[\u06F0-\u06F9\u0660-\u0669]/g

/** Persian (۰-۹) and Arabic-Indic (٠-٩) digits as ASCII, so figures typed on a Persian keyboard work. */
export function asciiDigits(value: string): string {
  return value.replace(NON_ASCII_DIGITS, (d) => String((d.charCodeAt(0) & 0xf) % 10))
}
