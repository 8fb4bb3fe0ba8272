export * from './enums'
export * from './people'
export * from './catalog'
