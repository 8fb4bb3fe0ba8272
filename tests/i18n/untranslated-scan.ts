import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

/**
 * Every word a component shows is a message (issue #22): this scan parses each .tsx file under src/
 * and fails on words written into the markup: JSX text, string attributes people read or hear
 * (aria-label, placeholder, title, alt, label, hint, description…) and string literals placed as
 * children. A word is two or more Latin letters; numbers, punctuation and symbols pass. Brand names
 * and the languages' own names are not words to translate.
 *
 * Files still on their way to messages are listed in `NOT_YET` with the count of words they hold;
 * the list may only shrink (a file that gains words, or a file not listed that has any, fails).
 */
export const root = join(import.meta.dirname, '../..')
export const src = join(root, 'src')

const READ_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
  'hint',
  'description',
  'heading',
  'emptyText',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
])
const NOT_WORDS = /^(Omdeh|English|فارسی|IRR|SKU|MOQ|VAT|PDF|CSV|XLSX|OK|URL|Plus|px|KB|MB)$/
const WORD = /[A-Za-z]{2,}/g

const words = (text: string) => (text.match(WORD) ?? []).filter((w) => !NOT_WORDS.test(w))

export function files(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) {
      if (name !== 'paraglide') out.push(...files(path))
    } else if (name.endsWith('.tsx') && !name.endsWith('.test.tsx')) out.push(path)
  }
  return out
}

/** The user-visible English words written into one file's markup, with their line numbers. */
export function untranslated(path: string): string[] {
  const text = readFileSync(path, 'utf8')
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const note = (node: ts.Node, value: string) => {
    if (words(value).length === 0) return
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1
    found.push(`${line}: ${value.trim().replace(/\s+/g, ' ').slice(0, 60)}`)
  }
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) note(node, node.text)
    else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(source)
      if (READ_ATTRIBUTES.has(name)) {
        const init = node.initializer
        if (ts.isStringLiteral(init)) note(init, init.text)
        else if (ts.isJsxExpression(init) && init.expression) {
          const e = init.expression
          if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) note(e, e.text)
          else if (ts.isTemplateExpression(e))
            note(e, [e.head.text, ...e.templateSpans.map((s) => s.literal.text)].join(' '))
        }
      }
    } else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const e = node.expression
      if (e && (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e))) note(e, e.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** Every component file under src/ with what it still has written in. */
export const scanSources = () =>
  files(src).map((path) => ({ file: relative(root, path), found: untranslated(path) }))

// `npx tsx tests/i18n/untranslated-scan.ts`: lists the files that still have written-in words.
if (process.argv[1]?.endsWith('untranslated-scan.ts')) {
  const left = scanSources().filter((f) => f.found.length > 0)
  for (const { file, found } of left) console.log(`  '${file}': ${found.length},`)
  console.error(`${left.length} files, ${left.reduce((n, f) => n + f.found.length, 0)} places`)
}
