import { describe, expect, it, vi } from 'vitest'
import { createUiStore } from './ui-store'

describe('UI store', () => {
  it('starts with every drawer closed, not loading, Buyer not yet remembered, an empty basket', () => {
    const state = createUiStore().get()
    expect(state).toMatchObject({ openDrawer: null, loading: false, rememberedPanel: null, basketCount: 0 })
    expect(state.toast.show).toBe(false)
  })

  it('keeps at most one drawer open', () => {
    const store = createUiStore()
    store.openDrawer('cart')
    store.openDrawer('profile')
    expect(store.get().openDrawer).toBe('profile')
    store.closeDrawer()
    expect(store.get().openDrawer).toBeNull()
  })

  it('notifies subscribers of changes only', () => {
    const store = createUiStore()
    const listener = vi.fn()
    store.subscribe(listener)
    store.set({ loading: true })
    store.set({ loading: true })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('gives each instance its own state (one per server request)', () => {
    const a = createUiStore()
    const b = createUiStore()
    a.openDrawer('mobile')
    expect(b.get().openDrawer).toBeNull()
  })
})
