import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Highlighted } from '~/features/catalog/components/highlighted'
import { UserText } from './user-text'

describe('text people typed, on a page', () => {
  it('is isolated and loses a stored override ("\\u202Egpj.exe" would read "exe.jpg")', () => {
    expect(renderToStaticMarkup(<UserText>{'Photo \u202Egpj.exe'}</UserText>)).toBe(
      '<bdi>Photo gpj.exe</bdi>',
    )
    expect(renderToStaticMarkup(<UserText>{'می\u200Cخواهم'}</UserText>)).toBe('<bdi>می\u200Cخواهم</bdi>')
  })

  it('product names with search highlights too', () => {
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
