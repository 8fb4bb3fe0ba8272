import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { ROOT } from './server-endpoints'

/**
 * The modules of src/ as syntax trees (TypeScript's parser, no type checker), with their
 * top-level declarations and imports, so a test can follow a name from where it is used to where
 * it is declared (tests/support/endpoint-access.ts walks endpoints' calls with it).
 */

export interface ModuleInfo {
  file: string
  source: ts.SourceFile
  /** Top-level declarations by name: the node whose body is walked. */
  declarations: Map<string, ts.Node>
  /** Imported names: local name → { module file, exported name }. */
  imports: Map<string, { file: string; name: string }>
  /** `export { a as b } from './x'`: exported name → source. */
  reexports: Map<string, { file: string; name: string }>
}

const modules = new Map<string, ModuleInfo | null>()

const rel = (path: string) => relative(ROOT, path).split('\\').join('/')

function resolveSpecifier(fromFile: string, specifier: string): string | null {
  let base: string
  if (specifier.startsWith('~/')) base = join(ROOT, 'src', specifier.slice(2))
  else if (specifier === '#app-config') base = join(ROOT, 'app.config')
  else if (specifier.startsWith('.')) base = resolve(dirname(join(ROOT, fromFile)), specifier)
  else return null
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return rel(candidate)
  }
  return null
}

export function moduleInfo(file: string): ModuleInfo | null {
  if (modules.has(file)) return modules.get(file)!
  const path = join(ROOT, file)
  if (!existsSync(path)) {
    modules.set(file, null)
    return null
  }
  const source = ts.createSourceFile(file, readFileSync(path, 'utf8'), ts.ScriptTarget.ES2022, true)
  const info: ModuleInfo = { file, source, declarations: new Map(), imports: new Map(), reexports: new Map() }
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = resolveSpecifier(file, statement.moduleSpecifier.text)
      const bindings = statement.importClause?.namedBindings
      if (from && bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements)
          info.imports.set(element.name.text, {
            file: from,
            name: (element.propertyName ?? element.name).text,
          })
      }
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      const from = resolveSpecifier(file, statement.moduleSpecifier.text)
      if (from)
        for (const element of statement.exportClause.elements)
          info.reexports.set(element.name.text, {
            file: from,
            name: (element.propertyName ?? element.name).text,
          })
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      info.declarations.set(statement.name.text, statement)
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.initializer)
          info.declarations.set(declaration.name.text, declaration.initializer)
      }
    }
  }
  modules.set(file, info)
  return info
}

/** Where a name used in `file` is declared: the module and its top-level name, or null. */
export function resolveName(file: string, name: string, depth = 0): { file: string; name: string } | null {
  const info = moduleInfo(file)
  if (!info || depth > 5) return null
  if (info.declarations.has(name)) return { file, name }
  const imported = info.imports.get(name)
  if (imported) return resolveExport(imported.file, imported.name, depth + 1)
  return null
}

function resolveExport(file: string, name: string, depth: number): { file: string; name: string } | null {
  const info = moduleInfo(file)
  if (!info || depth > 5) return null
  if (info.declarations.has(name)) return { file, name }
  const again = info.reexports.get(name) ?? info.imports.get(name)
  return again ? resolveExport(again.file, again.name, depth + 1) : null
}
