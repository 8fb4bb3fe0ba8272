import { describe, expect, it } from 'vitest'
import { requestScope, rootLogger } from '~/server/log.server'
import { rowMessage } from '~/features/imports/import-rows'
import { parseStock, parseTehranDate } from '~/features/imports/import-values'

/** The words a seller reads in the dry run follow the language the work runs in (the job carries it). */
const inPersian = <T>(work: () => T): T =>
  requestScope.run({ requestId: 'test', log: rootLogger, cspNonce: '', locale: 'fa' }, work)

describe('import row messages by language', () => {
  it('reads a negative stock in English, and in Persian with the column name quoted as the file has it', () => {
    expect(rowMessage(2, (parseStock('-4', 'New stock') as { error: string }).error)).toBe(
      'Row 2: new stock -4 is negative',
    )
    expect(inPersian(() => rowMessage(2, (parseStock('-4', 'New stock') as { error: string }).error))).toBe(
      'ردیف ۲: «New stock» (-4) منفی است',
    )
  })

  it('explains a date that is not one in Persian too', () => {
    const error = inPersian(
      () => (parseTehranDate('31/31/2026', 'Tier 1 valid from') as { error: string }).error,
    )
    expect(error).toBe('«Tier 1 valid from» («31/31/2026») تاریخ نیست (به شکل YYYY-MM-DD بنویسید)')
  })
})
