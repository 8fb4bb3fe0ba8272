import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Highlighted } from './highlighted'

describe('a product name with search highlights, on a page', () => {
  it('is isolated and loses a stored override, highlighted or not', () => {
    const parts = [
      { text: '\u202Egpj', match: true },
      { text: '.exe', match: false },
    ]
    const html = renderToStaticMarkup(<Highlighted text={'\u202Egpj.exe'} parts={parts} />)
    expect(html).toMatch(/^<bdi>.*<\/bdi>$/)
    expect(html).not.toContain('\u202E')
    expect(renderToStaticMarkup(<Highlighted text={'\u202Egpj.exe'} />)).toBe('<bdi>gpj.exe</bdi>')
  })
})
