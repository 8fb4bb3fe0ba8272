import { join } from 'node:path'
import { Readable } from 'node:stream'
import { sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SHEET_COLUMNS } from '~/features/imports/import-format'
import { ImportFileError, readImportRows } from '~/features/imports/import-sheet.server'
import { checkImport, getImport, startImport } from '~/features/imports/imports.server'
import { INT4_MAX } from '~/lib/schema-pieces'
import type { Db } from '~/server/db/client.server'
import { errorResponse, HttpError, parseInput } from '~/server/http/api-errors.server'
import { requestScope, rootLogger } from '~/server/log.server'
import { baseObject, fieldsOf, NUL_STRING } from '../support/schema-probes'
import { apiRoutes, loadSchema, ROOT, serverFunctions } from '../support/server-endpoints'
import { usingPostgres } from '../support/test-database'
import { createSeller } from '../factories/create'
import { HEADER_ROW, hostileXlsx, SHEET_END, SHEET_START, type Piece } from '../support/hostile-xlsx'
import { heapKeptMB } from '../support/heap-watch'
import { apiRequest, closeAuthTestDatabase, openAuthTestDatabase } from './auth-fixtures'
import { createBuyer } from './basket-fixtures'
import { authOf, tempStorage } from './tickets-fixtures'

/**
 * Issue #13's fuzz suite (fast-check) and issue #12's forced database error, in-process on PGlite
 * and PostgreSQL. Every server function input schema and every JSON API route (discovered from the
 * code) gets wrong types, NUL bytes, huge and negative numbers, unicode and extra fields: a schema
 * either refuses with a 422 or lets through only what the database can hold; a route never
 * answers 5xx and a refused call writes nothing. Runs are bounded (seeded, few runs per endpoint).
 */

let db: Db
beforeAll(async () => {
  ;({ db } = await openAuthTestDatabase())
})
afterAll(closeAuthTestDatabase)

const SEED = 20261124
const nasty = fc.oneof(
  fc.constantFrom(
    NUL_STRING,
    '\u0000',
    '',
    ' ',
    'ي‌ک۱۲۳',
    '😀'.repeat(50),
    'x'.repeat(5000),
    "'; drop table users; --",
  ),
  fc.constantFrom(1e308, -1e308, 2_147_483_648, -2_147_483_649, -1, 0, 0.5, Number.MAX_SAFE_INTEGER + 2, -0),
  fc.constantFrom(null, true, false, [], {}, [NUL_STRING], { nested: NUL_STRING }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
)

/** A base object with one to three fields replaced by nasty values, plus maybe an extra field. */
function inputs(fields: ReturnType<typeof fieldsOf>) {
  const base = baseObject(fields)
  const names = fields.map((f) => f.name)
  const replace = names.length
    ? fc.array(fc.tuple(fc.constantFrom(...names), nasty), { minLength: 1, maxLength: 3 })
    : fc.constant([] as [string, unknown][])
  return fc.oneof(
    fc.tuple(replace, fc.option(fc.tuple(fc.string({ maxLength: 12 }), nasty))).map(([pairs, extra]) => {
      const input: Record<string, unknown> = { ...base }
      for (const [name, value] of pairs) input[name] = value
      if (extra) input[extra[0]] = extra[1]
      return input as unknown
    }),
    nasty,
  )
}

/** Whatever a schema lets through must fit the database: no NUL, finite numbers, int4 ids. */
function assertStorable(value: unknown, path = ''): void {
  if (typeof value === 'string') expect(value.includes('\u0000'), `${path} holds a NUL`).toBe(false)
  else if (typeof value === 'number') {
    expect(Number.isFinite(value), `${path} is not finite`).toBe(true)
    if (/(^|[._])(id|\w+_id|\w+Id|quantity|page|per_page|position)$/.test(path))
      expect(Math.abs(value), `${path} does not fit int4`).toBeLessThanOrEqual(INT4_MAX)
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) assertStorable(item, path ? `${path}.${key}` : key)
  }
}

const BOOKKEEPING = /rate_limit|session|one_time|outbox|job|refresh|audit|__drizzle|listing/

/** Rows of a raw query, whichever driver (PGlite or postgres.js) ran it. */
async function rows<T>(query: ReturnType<typeof sql.raw>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[]
  return Array.isArray(result) ? result : (result.rows ?? [])
}

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await rows<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )
  const counts: Record<string, number> = {}
  for (const { table_name: name } of tables) {
    if (BOOKKEEPING.test(name)) continue
    counts[name] = Number(
      (await rows<{ n: number }>(sql.raw(`select count(*)::int as n from "${name}"`)))[0]!.n,
    )
  }
  return counts
}

describe(`fuzz: every endpoint's input (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('every server function schema refuses with a 422 or passes only storable values', async () => {
    const fns = serverFunctions().filter((f) => f.schemaName)
    expect(fns.length).toBeGreaterThan(40)
    const unexported: string[] = []
    for (const fn of fns) {
      const schema = await loadSchema(fn)
      // A schema kept private to its functions file cannot be imported here (the HTTP walk in
      // tests/e2e/error-contract.spec.ts still covers that function).
      if (!schema) {
        unexported.push(fn.exportName)
        continue
      }
      fc.assert(
        fc.property(inputs(fieldsOf(schema)), (input) => {
          try {
            assertStorable(parseInput(schema!, input))
          } catch (error) {
            if (!(error instanceof HttpError)) throw error
            expect(error.status, `${fn.exportName}`).toBe(422)
          }
        }),
        { seed: SEED, numRuns: 40 },
      )
    }
    expect(unexported.length, unexported.join(', ')).toBeLessThanOrEqual(2)
  })

  it('every JSON API route answers below 500 and a refused call writes nothing', async () => {
    const buyer = await createBuyer(db)
    const routes = apiRoutes().filter((r) => r.method !== 'GET' && !r.path.includes('/payments/'))
    expect(routes.length).toBeGreaterThan(5)
    for (const route of routes) {
      const module = (await import(/* @vite-ignore */ join(ROOT, route.file))) as {
        Route: { options: { server: { handlers: Record<string, (ctx: unknown) => Promise<Response>> } } }
      }
      const handler = module.Route.options.server.handlers[route.method]!
      const schema = await loadSchema(route)
      await fc.assert(
        fc.asyncProperty(inputs(fieldsOf(schema)), async (body) => {
          const before = await rowCounts()
          const path = route.path.replace(/\$\w+/g, '1')
          const request = apiRequest(path, {
            method: route.method,
            body,
            bearer: buyer.token,
            ip: '10.9.9.9',
          })
          const response = await handler({ request, params: { id: '1' }, context: {}, pathname: path })
          const text = await response.text()
          expect(
            response.status,
            `${route.method} ${route.path} ${JSON.stringify(body)?.slice(0, 200)} → ${text}`,
          ).toBeLessThan(500)
          if (response.status >= 400)
            expect(await rowCounts(), `${route.method} ${route.path} wrote on refusal`).toEqual(before)
        }),
        { seed: SEED, numRuns: 8 },
      )
    }
  }, 120_000)
})

describe('a forced database error', () => {
  it('answers 500 with the request id and no SQL, and logs the error with that id', async () => {
    const logged: unknown[] = []
    const log = rootLogger.child({ requestId: 'req-test-12345678' })
    log.error = ((obj: unknown) => void logged.push(obj)) as typeof log.error
    const response = await requestScope.run(
      { requestId: 'req-test-12345678', log, cspNonce: 'n' },
      async () => {
        try {
          await db.execute(sql`select * from no_such_table_for_the_test where id = ${2_147_483_648}`)
          throw new Error('the query should have failed')
        } catch (error) {
          return errorResponse(error)
        }
      },
    )
    expect(response.status).toBe(500)
    const body = (await response.json()) as Record<string, unknown>
    expect(body.requestId).toBe('req-test-12345678')
    expect(String(body.message)).toContain('req-test-12345678')
    expect(JSON.stringify(body)).not.toMatch(/no_such_table|select|2147483648/i)
    expect(logged).toHaveLength(1)
    expect(JSON.stringify(logged[0], Object.getOwnPropertyNames(Object(logged[0])))).toContain('requestId')
  })
})

const MB = 1024 * 1024
const DAMAGED = /^The Excel file could not be read: it may be damaged/
const TEXT_TOO_LONG = /^The Excel file holds a text far longer than a cell may hold \(4,000 characters\)/
const row2 = (cells: string) => [HEADER_ROW, `<row r="2">${cells}</row>`]
const sst = (body: Piece[]) => ({ shared: body, sheet: row2('<c r="A2" t="s"><v>0</v></c>') })

/**
 * Issue #35's hostile spreadsheets: each goes through the upload's checks and the dry run's own
 * code (startImport, then checkImport as the job runs it) and must end as a failed import with its
 * reason in words, quickly and in little memory, however far the file would expand.
 */
const HOSTILE: { name: string; file: () => Buffer; error: RegExp }[] = [
  {
    name: 'expansion bomb: a sheet that says it opens to 300 MB',
    file: () => hostileXlsx({ sheet: [HEADER_ROW, { repeat: ' ', times: 300 * MB }] }),
    error: /^The Excel file opens up to more than 195 MB/,
  },
  {
    name: 'expansion bomb that lies: says 10 KB, opens to 300 MB',
    file: () =>
      hostileXlsx({ sheet: [HEADER_ROW, { repeat: ' ', times: 300 * MB }], sheetDeclaredSize: 10_000 }),
    error: DAMAGED,
  },
  {
    name: 'a 20 MB cell',
    file: () =>
      hostileXlsx({
        sheet: [
          HEADER_ROW,
          `<row r="2"><c r="A2" t="inlineStr"><is><t>`,
          { repeat: 'A', times: 20 * MB },
          `</t></is></c></row>`,
        ],
      }),
    error: TEXT_TOO_LONG,
  },
  {
    name: 'a 20 MB CDATA cell',
    file: () =>
      hostileXlsx({
        sheet: [
          HEADER_ROW,
          `<row r="2"><c r="A2" t="inlineStr"><is><t><![CDATA[`,
          { repeat: 'A<', times: 10 * MB },
          `]]></t></is></c></row>`,
        ],
      }),
    error: TEXT_TOO_LONG,
  },
  {
    name: 'a 20 MB comment',
    file: () => hostileXlsx({ sheet: [HEADER_ROW, `<!--`, { repeat: '<A', times: 10 * MB }, `-->`] }),
    error: TEXT_TOO_LONG,
  },
  {
    name: 'a 20 MB attribute',
    file: () =>
      hostileXlsx({
        sheet: [HEADER_ROW, `<row r="2"><c r="A2" s="`, { repeat: '1', times: 20 * MB }, `"/></row>`],
      }),
    error: TEXT_TOO_LONG,
  },
  {
    name: 'a cell of 5,000 characters names its row and column',
    file: () =>
      hostileXlsx({ sheet: row2(`<c r="C2" t="inlineStr"><is><t>${'ب'.repeat(5_000)}</t></is></c>`) }),
    error: /^Row 2, column C: the cell holds more than 4,000 characters$/,
  },
  {
    name: 'a shared text of 5,000 characters names where it is used',
    file: () => hostileXlsx(sst([`<si><t>${'x'.repeat(5_000)}</t></si>`])),
    error: /^Row 2, column A: the cell holds more than 4,000 characters$/,
  },
  {
    name: 'one 20 MB shared text',
    file: () => hostileXlsx(sst([`<si><t>`, { repeat: 'A', times: 20 * MB }, `</t></si>`])),
    error: TEXT_TOO_LONG,
  },
  {
    name: 'a shared text table that says it opens to 400 MB',
    file: () => hostileXlsx(sst([`<si><t>`, { repeat: 'A', times: 400 * MB }, `</t></si>`])),
    error: /^The Excel file opens up to more than 32 MB/,
  },
  {
    name: 'half a million shared texts',
    file: () => hostileXlsx(sst([{ repeat: '<si><t>x</t></si>', times: 500_000 }])),
    error: /^The Excel file holds more than 400,000 different texts/,
  },
  {
    name: 'a shared text of a million formatted runs',
    file: () => hostileXlsx(sst(['<si>', { repeat: '<r><t>A</t></r>', times: 1_000_000 }, '</si>'])),
    error: DAMAGED,
  },
  {
    name: 'a billion laughs (entity expansion)',
    file: () =>
      hostileXlsx(
        sst([
          `<!DOCTYPE sst [<!ENTITY a "AAAAAAAAAA">${Array.from({ length: 9 }, (_, i) => `<!ENTITY ${'b'.repeat(i + 1)} "${'&a;'.repeat(10)}">`).join('')}]>`,
          '<si><t>&bbbbbbbbb;</t></si>',
        ]),
      ),
    error: DAMAGED,
  },
  {
    name: '300,000 blank rows',
    file: () => hostileXlsx({ sheet: [HEADER_ROW, { repeat: '<row r="2"/>', times: 300_000 }] }),
    error: /^The file has more than 100,000 rows/,
  },
  {
    name: 'rows × columns: 40,000 rows of 100 cells',
    file: () =>
      hostileXlsx({
        sheet: [HEADER_ROW, { repeat: `<row r="2">${'<c r="B2"/>'.repeat(100)}</row>`, times: 40_000 }],
      }),
    error: /^The sheet has more than 3,200,000 cells/,
  },
  {
    name: 'a row of 300 cells',
    file: () => hostileXlsx({ sheet: row2('<c r="B2"/>'.repeat(300)) }),
    error: /^The sheet has more than 256 columns/,
  },
  {
    name: 'a cell in the last column Excel has',
    file: () => hostileXlsx({ sheet: row2('<c r="XFD2"><v>1</v></c>') }),
    error: /^The sheet has more than 256 columns/,
  },
  {
    name: 'a row numbered past Excel’s last',
    file: () =>
      hostileXlsx({ sheet: [HEADER_ROW, '<row r="99999999999"><c r="A99999999999"><v>1</v></c></row>'] }),
    error: DAMAGED,
  },
  {
    name: 'elements nested 10,000 deep',
    file: () => hostileXlsx({ sheet: [HEADER_ROW, { repeat: '<x>', times: 10_000 }] }),
    error: DAMAGED,
  },
  {
    name: 'a million column definitions',
    file: () =>
      hostileXlsx({
        rawSheet: [
          SHEET_START.replace('<sheetData>', '<cols>'),
          { repeat: '<col min="1" max="1"/>', times: 1_000_000 },
          '</cols><sheetData>',
          HEADER_ROW,
          SHEET_END,
        ],
      }),
    error: DAMAGED,
  },
  {
    name: 'malformed XML',
    file: () => hostileXlsx({ sheet: [HEADER_ROW, '<row r="2"><c r="A2"><v>1</c></row>'] }),
    error: DAMAGED,
  },
  {
    name: 'a zip of 2,000 parts',
    file: () =>
      hostileXlsx({
        extraParts: Array.from({ length: 2_000 }, (_, i) => ({
          name: `xl/media/image${i}.png`,
          pieces: [''],
        })),
      }),
    error: /^The Excel file holds more than 1,000 parts/,
  },
]

describe(`fuzz: hostile spreadsheets (${usingPostgres() ? 'PostgreSQL' : 'PGlite'})`, () => {
  const storage = tempStorage()

  for (const hostile of HOSTILE)
    it(`${hostile.name}: the import fails in words, in little memory`, async () => {
      const seller = await createSeller(db)
      const auth = await authOf(db, seller.owner.id)
      const bytes = hostile.file()
      expect(bytes.length).toBeLessThan(2 * MB)
      const { importId } = await startImport(db, auth, { name: 'prices.xlsx', bytes }, storage)
      const kept = await heapKeptMB(() => checkImport(db, importId, storage))
      // A production server's whole heap is 256 MB.
      expect(kept).toBeLessThan(64)
      const result = await getImport(db, auth, importId)
      expect(result.status).toBe('failed')
      expect(result.fileError).toMatch(hostile.error)
    }, 60_000)

  it('a sound workbook with random bytes changed, cut or repeated reads or fails in words, nothing else', async () => {
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('Prices')
    sheet.addRow(SHEET_COLUMNS.map((c) => c.header))
    for (let i = 0; i < 20; i++) sheet.addRow([`SKU-${i}`, 'فروشگاه', 'کالا', 5, 6, 'Yes', 1, 1000, 0])
    const sound = Buffer.from(await book.xlsx.writeBuffer())
    const mutation = fc.oneof(
      fc
        .array(fc.tuple(fc.nat(sound.length - 1), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        })
        .map((flips) => {
          const bytes = Buffer.from(sound)
          for (const [at, value] of flips) bytes[at] = value
          return bytes
        }),
      fc.nat(sound.length - 1).map((end) => sound.subarray(0, end)),
      fc
        .tuple(fc.nat(sound.length - 1), fc.nat(4096))
        .map(([at, length]) =>
          Buffer.concat([sound.subarray(0, at), sound.subarray(at, at + length), sound.subarray(at)]),
        ),
    )
    await fc.assert(
      fc.asyncProperty(mutation, async (bytes) => {
        try {
          for await (const item of readImportRows('xlsx', Readable.from([bytes]))) void item
        } catch (error) {
          if (!(error instanceof ImportFileError)) throw error
          expect(error.message.length).toBeGreaterThan(0)
        }
      }),
      { seed: SEED, numRuns: 60 },
    )
  }, 120_000)
})
