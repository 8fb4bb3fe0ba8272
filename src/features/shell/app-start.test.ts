import { describe, expect, it } from 'vitest'
import type { User } from '~/features/auth'
import { runAppStart } from './app-start'

const user = { id: 1, cellphone: '+989121234567' } as User

describe('app start', () => {
  it('loads the user, then the categories, then the basket for that user', async () => {
    const order: string[] = []
    let releaseUser!: (u: User) => void
    const started = runAppStart({
      loadUser: () => {
        order.push('user:start')
        return new Promise<User>((resolve) => (releaseUser = resolve))
      },
      loadCategories: async () => void order.push('categories'),
      loadBasket: async (u) => {
        order.push(`basket:${u?.id ?? 'guest'}`)
        return { count: 3 }
      },
    })
    await new Promise((resolve) => setTimeout(resolve, 10))
    // Nothing else starts before the user is known.
    expect(order).toEqual(['user:start'])
    releaseUser(user)
    await expect(started).resolves.toEqual({ user, basketCount: 3 })
    expect(order).toEqual(['user:start', 'categories', 'basket:1'])
  })

  it('goes on as a guest when the profile call fails, and with an empty basket when that fails', async () => {
    const result = await runAppStart({
      loadUser: async () => {
        throw new Error('offline')
      },
      loadCategories: async () => {
        throw new Error('offline')
      },
      loadBasket: async (u) => {
        expect(u).toBeNull()
        throw new Error('offline')
      },
    })
    expect(result).toEqual({ user: null, basketCount: 0 })
  })
})
