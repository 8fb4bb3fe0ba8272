import { describe, expect, it } from 'vitest'
import { chunkReloadTarget, isChunkLoadError } from './chunk-reload'

const now = 1_800_000_000_000

describe('chunk-loading errors', () => {
  it('recognises the messages browsers give for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(
      true,
    )
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true)
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true)
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false)
  })

  it('reloads with app_status_check counting the reloads', () => {
    expect(chunkReloadTarget('https://omdeh.example/product?q=tea', now, null)).toBe(
      'https://omdeh.example/product?q=tea&app_status_check=1',
    )
    expect(chunkReloadTarget('https://omdeh.example/?app_status_check=1', now, now - 60_000)).toBe(
      'https://omdeh.example/?app_status_check=2',
    )
  })

  it('stops after two reloads', () => {
    expect(chunkReloadTarget('https://omdeh.example/?app_status_check=2', now, null)).toBeNull()
  })

  it('never reloads twice within 10 seconds', () => {
    expect(chunkReloadTarget('https://omdeh.example/?app_status_check=1', now, now - 9_999)).toBeNull()
    expect(chunkReloadTarget('https://omdeh.example/?app_status_check=1', now, now - 10_000)).not.toBeNull()
  })

  it('treats a tampered counter as no reloads yet', () => {
    expect(chunkReloadTarget('https://omdeh.example/?app_status_check=abc', now, null)).toBe(
      'https://omdeh.example/?app_status_check=1',
    )
  })
})
