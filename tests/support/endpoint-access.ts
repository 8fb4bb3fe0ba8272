import ts from 'typescript'
import type { Endpoint } from './server-endpoints'
import { moduleInfo, resolveName } from './source-modules'

/**
 * Who may call an endpoint, read from the code (issue #13's authorisation matrix): the guards of
 * src/server/auth/guards.server.ts that its middleware, handler and the operations they call are
 * sure to run, found by walking the TypeScript syntax tree from the endpoint through every
 * function it calls in src/ (no type checker needed: the code resolves names by import).
 *
 * - A guard call counts when it is *definite*: not inside an `if`, `?:`, `&&`/`||`/`??`, loop,
 *   `catch` or `switch` of the function calling it, and that function is itself reached
 *   definitely. Guards behind a condition are kept as `possible` (they explain, they do not decide).
 * - Two refinements next to a definite seller guard are read as part of it, because the code
 *   writes them as guards: `if (<x>.role !== 'owner') throw forbidden(…)` (observers refused) and
 *   `if (!isApprovedSeller(…)) throw forbidden(…)` (approved sellers only).
 * - `readsCaller` lists where the endpoint itself looks at who is calling (`context.auth`,
 *   `ctx.auth()`, `authenticateRequest(…)`, `actingSellerId(…)`), outside src/server/auth/.
 *
 * An endpoint with no definite guard that never reads the caller cannot tell roles apart, so it
 * is open to everyone by construction. One that reads the caller but runs no definite guard is
 * left unclassified (the matrix refuses to guess) unless its declaration says what it is with an
 * `@access <class>` JSDoc tag: for the few that decide about the caller themselves (who is signed
 * in, a contact form open to all, a profile that answers a guest's 401 itself).
 */

export type GuardKind = 'user' | 'seller' | 'approvedSeller' | 'admin'

export interface Guard {
  kind: GuardKind
  /** Whether an observer acting for the seller passes (seller guards only). */
  observers: boolean
  /** `file:function` that calls the guard. */
  where: string
}

export interface EndpointAccess {
  definite: Guard[]
  possible: Guard[]
  readsCaller: string[]
  /**
   * The `@access <class>` tag of the endpoint's declaration (its JSDoc), for an endpoint that decides
   * about the caller itself instead of calling a guard: `open` (anyone; the reply may depend on who
   * asks) or a guard's class (`user`, `seller`, `seller-owner`, `approved-seller`,
   * `approved-seller-owner`, `admin`). Null when there is none.
   */
  declared: string | null
}

const GUARDS_FILE = 'src/server/auth/guards.server.ts'
const SESSION_FILE = 'src/server/auth/session.server.ts'
const AUTH_INFRASTRUCTURE = 'src/server/auth/'

interface Summary {
  definite: Guard[]
  possible: Guard[]
  readsCaller: string[]
}

const summaries = new Map<string, Summary>()
const EMPTY: Summary = { definite: [], possible: [], readsCaller: [] }

function isConditionalChild(parent: ts.Node, child: ts.Node): boolean {
  if (ts.isIfStatement(parent)) return child !== parent.expression
  if (ts.isConditionalExpression(parent)) return child !== parent.condition
  if (ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind
    const shortCircuit =
      op === ts.SyntaxKind.AmpersandAmpersandToken ||
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.QuestionQuestionToken ||
      op === ts.SyntaxKind.QuestionQuestionEqualsToken ||
      op === ts.SyntaxKind.BarBarEqualsToken ||
      op === ts.SyntaxKind.AmpersandAmpersandEqualsToken
    return shortCircuit && child === parent.right
  }
  if (ts.isCatchClause(parent) || ts.isCaseClause(parent) || ts.isDefaultClause(parent)) return true
  if (
    ts.isForStatement(parent) ||
    ts.isForOfStatement(parent) ||
    ts.isForInStatement(parent) ||
    ts.isWhileStatement(parent) ||
    ts.isDoStatement(parent)
  )
    return child === parent.statement
  return false
}

/** `throw forbidden(…)` or `throw new HttpError(403, …)`, alone or as the only statement of a block. */
function throwsForbidden(statement: ts.Statement): boolean {
  const single =
    ts.isBlock(statement) && statement.statements.length === 1 ? statement.statements[0]! : statement
  if (!ts.isThrowStatement(single) || !single.expression) return false
  const thrown = single.expression
  if (ts.isCallExpression(thrown) && ts.isIdentifier(thrown.expression))
    return thrown.expression.text === 'forbidden'
  if (ts.isNewExpression(thrown) && ts.isIdentifier(thrown.expression))
    return thrown.expression.text === 'HttpError' && thrown.arguments?.[0]?.getText() === '403'
  return false
}

/** The guards of src/server/auth/guards.server.ts and the class each enforces. */
const GUARD_KINDS: Record<string, GuardKind | undefined> = {
  requireUser: 'user',
  requireSeller: 'seller',
  requireApprovedSeller: 'approvedSeller',
  requireAdmin: 'admin',
}

function guardFromCall(call: ts.CallExpression, name: string, where: string): Guard | null {
  const kind = GUARD_KINDS[name]
  if (!kind) return null
  let observers = kind === 'approvedSeller'
  const options = call.arguments[1]
  if (options && ts.isObjectLiteralExpression(options)) {
    for (const property of options.properties) {
      if (ts.isPropertyAssignment(property) && property.name.getText() === 'allowObserver')
        observers = property.initializer.kind === ts.SyntaxKind.TrueKeyword
    }
  }
  return { kind, observers: kind === 'seller' || kind === 'approvedSeller' ? observers : false, where }
}

/**
 * Walks one body: guard calls, calls and references to other functions (summarised in turn), the
 * refinements, and reads of the caller.
 */
function summarise(file: string, body: ts.Node, label: string, stack: Set<string>): Summary {
  const definite: Guard[] = []
  const possible: Guard[] = []
  const readsCaller: string[] = []
  let ownerOnly = false
  let approvedOnly = false
  const where = `${file}:${label}`

  const include = (target: { file: string; name: string }, conditional: boolean) => {
    const inner = summariseDeclaration(target.file, target.name, stack)
    if (conditional) possible.push(...inner.definite, ...inner.possible)
    else {
      definite.push(...inner.definite)
      possible.push(...inner.possible)
    }
    if (!target.file.startsWith(AUTH_INFRASTRUCTURE)) readsCaller.push(...inner.readsCaller)
  }

  const visit = (node: ts.Node, conditional: boolean) => {
    if (ts.isIfStatement(node) && !conditional && throwsForbidden(node.thenStatement)) {
      const condition = node.expression.getText()
      if (/\.role\s*!==\s*'owner'|^\w+\.role\s*===\s*'observer'$/.test(condition)) ownerOnly = true
      if (/^!isApprovedSeller\(/.test(condition)) approvedOnly = true
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const name = node.expression.text
      const target = resolveName(file, name)
      if (target?.file === GUARDS_FILE) {
        const guard = guardFromCall(node, target.name, where)
        if (guard) (conditional ? possible : definite).push(guard)
        else if (target.name === 'actingSellerId') readsCaller.push(`${where} actingSellerId()`)
        else
          throw new Error(
            `${where} calls ${target.name} from ${GUARDS_FILE}, which tests/support/endpoint-access.ts ` +
              'does not know: add it to GUARD_KINDS (and its rule to tests/integration/authz-rules.ts)',
          )
      } else if (target?.file === SESSION_FILE && target.name === 'authenticateRequest') {
        readsCaller.push(`${where} authenticateRequest()`)
      } else if (!target && name === 'auth') {
        readsCaller.push(`${where} auth()`)
      }
    }
    if (
      ts.isPropertyAccessExpression(node) &&
      node.name.text === 'auth' &&
      ts.isIdentifier(node.expression) &&
      ['context', 'ctx'].includes(node.expression.text)
    )
      readsCaller.push(`${where} ${node.getText()}`)
    if (ts.isIdentifier(node) && !isDeclarationName(node)) {
      const target = resolveName(file, node.text)
      if (target && target.file !== GUARDS_FILE) {
        const called = ts.isCallExpression(node.parent) && node.parent.expression === node
        // A function passed or chosen as a value may or may not run: its guards are only possible.
        include(target, conditional || !called)
      }
    }
    node.forEachChild((child) => visit(child, conditional || isConditionalChild(node, child)))
  }
  visit(body, false)

  // The refinements tighten the seller guard called in the same function.
  for (const guard of definite) {
    if (guard.where !== where || (guard.kind !== 'seller' && guard.kind !== 'approvedSeller')) continue
    if (ownerOnly) guard.observers = false
    if (approvedOnly) guard.kind = 'approvedSeller'
  }
  return { definite, possible, readsCaller }
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return true
  if (ts.isPropertyAssignment(parent) && parent.name === node) return true
  if (ts.isShorthandPropertyAssignment(parent)) return false
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return true
  if (
    (ts.isVariableDeclaration(parent) ||
      ts.isFunctionDeclaration(parent) ||
      ts.isParameter(parent) ||
      ts.isBindingElement(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isTypeAliasDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent)) &&
    parent.name === node
  )
    return true
  return ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent) || ts.isTypeQueryNode(parent)
}

function summariseDeclaration(file: string, name: string, stack: Set<string>): Summary {
  const key = `${file}:${name}`
  const cached = summaries.get(key)
  if (cached) return cached
  // Recursion (a function reaching itself) adds nothing new.
  if (stack.has(key)) return EMPTY
  const node = moduleInfo(file)?.declarations.get(name)
  if (!node) return EMPTY
  stack.add(key)
  const summary = summarise(file, node, name, stack)
  stack.delete(key)
  summaries.set(key, summary)
  return summary
}

function findExport(file: string, name: string): ts.Node {
  const node = moduleInfo(file)?.declarations.get(name)
  if (!node) throw new Error(`${file} has no top-level ${name}`)
  return node
}

/** The calls of a `createServerFn(…).middleware([…]).validator(…).handler(fn)` chain by method name. */
function chainCalls(node: ts.Node): Map<string, ts.CallExpression> {
  const calls = new Map<string, ts.CallExpression>()
  let current: ts.Node = node
  while (ts.isCallExpression(current)) {
    const callee: ts.Expression = current.expression
    if (ts.isPropertyAccessExpression(callee)) {
      calls.set(callee.name.text, current)
      current = callee.expression
    } else break
  }
  return calls
}

function merge(into: Summary, from: Summary): void {
  into.definite.push(...from.definite)
  into.possible.push(...from.possible)
  into.readsCaller.push(...from.readsCaller)
}

/** The `@access` tag of a top-level declaration, or null. */
function declaredAccess(file: string, name: string): string | null {
  const info = moduleInfo(file)
  for (const statement of info?.source.statements ?? []) {
    if (!ts.isVariableStatement(statement) && !ts.isFunctionDeclaration(statement)) continue
    const names = ts.isVariableStatement(statement)
      ? statement.declarationList.declarations.map((d) => d.name.getText())
      : [statement.name?.text]
    if (!names.includes(name)) continue
    const tag = ts
      .getJSDocTags(
        ts.isVariableStatement(statement) ? statement.declarationList.declarations[0]! : statement,
      )
      .find((t) => t.tagName.text === 'access')
    const comment = typeof tag?.comment === 'string' ? tag.comment : tag?.comment?.map((c) => c.text).join('')
    // `@access open: why` or `@access open`: the class is the first word.
    return comment ? (/^\s*([\w-]+)/.exec(comment)?.[1] ?? comment.trim()) : null
  }
  return null
}

/** The guards and reads of the caller of one endpoint (see the module comment). */
export function endpointAccess(endpoint: Endpoint): EndpointAccess {
  const result: Summary = { definite: [], possible: [], readsCaller: [] }
  const stack = new Set<string>()
  let declared: string | null
  if (endpoint.kind === 'serverFn') {
    declared = declaredAccess(endpoint.file, endpoint.exportName)
    const calls = chainCalls(findExport(endpoint.file, endpoint.exportName))
    const middleware = calls.get('middleware')?.arguments[0]
    if (middleware && ts.isArrayLiteralExpression(middleware)) {
      for (const element of middleware.elements) {
        const target = ts.isIdentifier(element) ? resolveName(endpoint.file, element.text) : null
        if (!target) throw new Error(`${endpoint.exportName}: cannot resolve middleware ${element.getText()}`)
        // Middleware runs before the handler whatever the input: its guards are definite. What it
        // reads of the caller is infrastructure (it hands the caller to the handler).
        const inner = summariseDeclaration(target.file, target.name, stack)
        result.definite.push(...inner.definite)
        result.possible.push(...inner.possible)
      }
    }
    const handler = calls.get('handler')?.arguments[0]
    if (!handler) throw new Error(`${endpoint.exportName}: no .handler(…)`)
    merge(result, summarise(endpoint.file, handler, endpoint.exportName, stack))
  } else if (!endpoint.handler.endsWith('(inline)')) {
    declared = declaredAccess(endpoint.handlerModule, endpoint.handler)
    merge(result, summariseDeclaration(endpoint.handlerModule, endpoint.handler, stack))
  } else {
    declared = declaredAccess(endpoint.file, 'Route')
    merge(
      result,
      summarise(endpoint.file, inlineRouteHandler(endpoint.file, endpoint.method), endpoint.method, stack),
    )
  }
  return {
    definite: dedupe(result.definite),
    possible: dedupe(result.possible),
    readsCaller: [...new Set(result.readsCaller)],
    declared,
  }
}

function dedupe(guards: Guard[]): Guard[] {
  const seen = new Map<string, Guard>()
  for (const guard of guards) seen.set(`${guard.kind}:${guard.observers}:${guard.where}`, guard)
  return [...seen.values()]
}

/** The `GET: async (…) => {…}` handler of a route file, or the named handler's declaration. */
function inlineRouteHandler(file: string, method: string): ts.Node {
  const info = moduleInfo(file)!
  let found: ts.Node | null = null
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && node.name.getText() === method) found = node.initializer
    else node.forEachChild(visit)
  }
  visit(info.source)
  if (!found) throw new Error(`${file}: no ${method} handler`)
  return found
}
