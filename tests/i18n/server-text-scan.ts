import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { root, src } from './untranslated-scan'

/**
 * Every word the server answers with is a message too (issue #22): API error bodies, a form's field
 * errors and the toasts they become. This scan parses each .ts file under src/ (not tests, not the
 * generated paraglide folder) and fails on English written where a user reads it:
 * - the message of `new HttpError(status, …)`, `fieldError(field, …)`, `conflict(…)`,
 *   `notFound(…)`, `forbidden(…)`, `unauthorized(…)`, `tooManyRequests(seconds, …)`,
 *   `new RateLimitedError(seconds, …)`, `new ApiError(status, …)`, `new ImageError(status, …)`,
 *   `new PaymentCallbackRejected(…)` and a toast, `notify(kind, …)`;
 * - a valibot message: a string given to `v.something(…)`, or a function returning one;
 * - an API answer's `message: '…'`;
 * - a module constant in capitals holding a sentence (`export const TAKEN = 'This is taken'`): such
 *   constants are messages other files import, and a message must be a function of the request;
 * - a sentence the system stores where pages, PDFs or SMS later show it as stored: the value of a
 *   `note`, `reason` or `…Reason` property (a ledger row, a timeline event, an audit event, a
 *   status), or the reason given to `setSellerPlan`, `refundOrderPayment`, `requestSessionRefund`.
 *   Store a code and word it where it is read. The demo seed (src/features/demo) is exempt: its
 *   notes stand for what its people typed.
 * A literal reached through a `const` of the same file counts as written there (`conflict(TAKEN)`),
 * and so do both sides of `a ? '…' : '…'` and the parts of `'…' + x`.
 *
 * English is two or more Latin letters that read as a sentence: with a space, or starting with a
 * capital. Single lower-case tokens (`'draft'` in `v.literal('draft')`, field names) are not.
 */

/** callee name → the index of its message argument. */
const MESSAGE_ARGUMENT: Record<string, number> = {
  HttpError: 1,
  fieldError: 1,
  conflict: 0,
  notFound: 0,
  forbidden: 0,
  unauthorized: 0,
  tooManyRequests: 1,
  RateLimitedError: 1,
  ApiError: 1,
  ImageError: 1,
  PaymentCallbackRejected: 0,
  notify: 1,
  setSellerPlan: 4,
  refundOrderPayment: 2,
  requestSessionRefund: 2,
}

/** Properties whose value is stored and later shown as stored (issue #22): the system writes codes. */
const STORED_TEXT = /^(note|reason|[a-z]+Reason)$/

const NOT_WORDS = /^(Omdeh|IRR|SKU|MOQ|VAT|PDF|CSV|XLSX|OK|URL|KB|MB)$/

/** Text that reads as English words to a person. */
export function isEnglish(text: string): boolean {
  const words = (text.match(/[A-Za-z]{2,}/g) ?? []).filter((w) => !NOT_WORDS.test(w))
  if (words.length === 0) return false
  return /[A-Za-z]{2,}\s+[A-Za-z]/.test(text) || /^\s*[A-Z][a-z]/.test(text)
}

export function serverFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (name !== 'paraglide') out.push(...serverFiles(path))
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

const calleeName = (expression: ts.Expression): string | undefined => {
  if (ts.isIdentifier(expression)) return expression.text
  if (ts.isPropertyAccessExpression(expression)) return expression.name.text
  return undefined
}

const isValibotCall = (node: ts.CallExpression) =>
  ts.isPropertyAccessExpression(node.expression) &&
  ts.isIdentifier(node.expression.expression) &&
  node.expression.expression.text === 'v'

/** English written into one server file where a user reads it, with line numbers. */
export function serverText(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS)
  const constants = new Map<string, ts.Expression>()
  const collect = (node: ts.Node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      node.parent.flags & ts.NodeFlags.Const
    )
      constants.set(node.name.text, node.initializer)
    ts.forEachChild(node, collect)
  }
  collect(source)

  const storesText = !/[\\/]features[\\/]demo[\\/]/.test(path)
  const found = new Set<string>()
  const note = (at: ts.Node, value: string) => {
    if (!isEnglish(value)) return
    const line = source.getLineAndCharacterOfPosition(at.getStart()).line + 1
    found.add(`${line}: ${value.trim().replace(/\s+/g, ' ').slice(0, 70)}`)
  }
  /** The literals an expression gives as a message, following same-file constants once. */
  const check = (e: ts.Expression | undefined, at: ts.Node, seen = new Set<string>()): void => {
    if (!e) return
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) note(at, e.text)
    else if (ts.isTemplateExpression(e))
      note(at, [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(' '))
    else if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e)) check(e.expression, at, seen)
    else if (ts.isConditionalExpression(e)) {
      check(e.whenTrue, at, seen)
      check(e.whenFalse, at, seen)
    } else if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      check(e.left, at, seen)
      check(e.right, at, seen)
    } else if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
      check(e.right, at, seen)
    else if (ts.isIdentifier(e) && constants.has(e.text) && !seen.has(e.text)) {
      seen.add(e.text)
      check(constants.get(e.text), at, seen)
    } else if ((ts.isArrowFunction(e) || ts.isFunctionExpression(e)) && !ts.isBlock(e.body))
      check(e.body as ts.Expression, at, seen)
    else if (ts.isArrowFunction(e) || ts.isFunctionExpression(e)) {
      const body = e.body
      const returns = (n: ts.Node) => {
        if (ts.isReturnStatement(n)) check(n.expression, at, seen)
        else if (!ts.isFunctionLike(n)) ts.forEachChild(n, returns)
      }
      ts.forEachChild(body, returns)
    }
  }

  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement) || !(statement.declarationList.flags & ts.NodeFlags.Const))
      continue
    for (const declaration of statement.declarationList.declarations) {
      const init = declaration.initializer
      if (!ts.isIdentifier(declaration.name) || !/^[A-Z][A-Z0-9_]+$/.test(declaration.name.text) || !init)
        continue
      if (
        ts.isStringLiteral(init) ||
        ts.isNoSubstitutionTemplateLiteral(init) ||
        ts.isTemplateExpression(init)
      ) {
        const value = ts.isTemplateExpression(init)
          ? [init.head.text, ...init.templateSpans.map((s) => s.literal.text)].join(' ')
          : init.text
        if (/[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(value)) note(init, value)
      }
    }
  }

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
      const name = calleeName(node.expression)
      const args = node.arguments ?? ts.factory.createNodeArray()
      if (name && name in MESSAGE_ARGUMENT) {
        const arg = args[MESSAGE_ARGUMENT[name]!]
        if (arg) check(arg, arg)
      }
      if (ts.isCallExpression(node) && isValibotCall(node)) for (const arg of args) check(arg, arg)
    } else if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      (node.name.text === 'message' || (storesText && STORED_TEXT.test(node.name.text)))
    )
      check(node.initializer, node.initializer)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return [...found]
}

/** Every server file under src/ with what it still has written in. */
export const scanServerSources = () =>
  serverFiles(src).map((path) => ({ file: relative(root, path), found: serverText(path) }))

// `npx tsx tests/i18n/server-text-scan.ts`: lists the places that still have written-in English.
if (process.argv[1]?.endsWith('server-text-scan.ts')) {
  const left = scanServerSources().filter((f) => f.found.length > 0)
  for (const { file, found } of left) console.log(`${file}\n  ${found.join('\n  ')}`)
  console.error(`${left.length} files, ${left.reduce((n, f) => n + f.found.length, 0)} places`)
}
