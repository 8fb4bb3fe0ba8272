/**
 * For calling server functions in-process in a test (see tests/integration/authz-calls.ts).
 *
 * In a Start build the compiler rewrites `createServerFn(…).handler(fn)` on the server into
 * `.handler(rpcStub, fn)`: the second argument is the implementation that `__executeServer` runs
 * after the middleware. Without the compiler (vitest), `.handler(fn)` keeps `fn` only as the client
 * stub and the server side has nothing to run. This wraps `createServerFn` so that `.handler(fn)`
 * passes `fn` as both, the way the server build does; everything else (middleware, validator,
 * global function middleware) is Start's own code. Use it from `vi.mock('@tanstack/react-start')`.
 * No imports: the mock factory loads it while '@tanstack/react-start' itself is being mocked.
 */

type AnyFunction = (...args: unknown[]) => unknown

function wrap(builder: AnyFunction): AnyFunction {
  return new Proxy(builder, {
    // `createServerFn(options)` returns a builder that can itself be called with more options.
    apply: (target, thisArg, args) => wrap(Reflect.apply(target, thisArg, args) as AnyFunction),
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown
      if (typeof value !== 'function') return value
      if (property === 'handler') return (fn: AnyFunction) => (value as AnyFunction)(fn, fn)
      if (property === 'middleware' || property === 'validator' || property === 'inputValidator')
        return (...args: unknown[]) => wrap((value as AnyFunction)(...args) as AnyFunction)
      return value
    },
  })
}

export function withServerImplementations<T>(createServerFn: T): T {
  return ((...args: unknown[]) => wrap((createServerFn as AnyFunction)(...args) as AnyFunction)) as T
}
