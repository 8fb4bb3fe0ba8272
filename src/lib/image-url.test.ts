import { describe, expect, it } from 'vitest'
import { densitySrcSet, imageUrl, isVector, outputWidths, widthFor, widthSrcSet } from '~/lib/image-url'

describe('image URLs', () => {
  it('produces the configured widths (320 to 1536) at densities 1 and 2', () => {
    expect(outputWidths[0]).toBe(320)
    expect(outputWidths).toContain(1536)
    expect(outputWidths).toContain(3072)
    expect(outputWidths).toContain(640)
  })

  it('lists one candidate per configured width for fluid images', () => {
    const set = widthSrcSet('/media/products/tea.png')
    expect(set.split(', ')).toHaveLength(6)
    expect(set).toContain(`${imageUrl('/media/products/tea.png', 320)} 320w`)
    expect(set).toContain('1536w')
  })

  it('gives a fixed-size image a 1x and a 2x candidate that cover its size', () => {
    const set = densitySrcSet('https://cdn.omdeh.example/p/1.jpg', 300)
    expect(set).toBe(
      `/api/image?src=${encodeURIComponent('https://cdn.omdeh.example/p/1.jpg')}&w=320 1x, /api/image?src=${encodeURIComponent('https://cdn.omdeh.example/p/1.jpg')}&w=640 2x`,
    )
    expect(widthFor(5000)).toBe(3072)
  })

  it('recognises vectors, which are not resized', () => {
    expect(isVector('/media/products/tea.svg')).toBe(true)
    expect(isVector('/media/products/tea.svg?v=2')).toBe(true)
    expect(isVector('/media/products/tea.png')).toBe(false)
  })
})
