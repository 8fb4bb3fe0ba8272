import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { UserText } from './user-text'

describe('text people typed, on a page', () => {
  it('is isolated and loses a stored override ("\\u202Egpj.exe" would read "exe.jpg")', () => {
    expect(renderToStaticMarkup(<UserText>{'Photo \u202Egpj.exe'}</UserText>)).toBe(
      '<bdi>Photo gpj.exe</bdi>',
    )
    expect(renderToStaticMarkup(<UserText>{'می\u200Cخواهم'}</UserText>)).toBe('<bdi>می\u200Cخواهم</bdi>')
  })
})
