import '@tanstack/react-start/server-only'
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, normalize, sep } from 'node:path'

/** Where uploaded and generated media live. Keys are relative paths such as `products/tea.svg`. */
export interface MediaStorage {
  put(key: string, body: Uint8Array | string): Promise<{ url: string }>
  get(key: string): Promise<{ body: Buffer; size: number; modified: Date } | null>
  urlFor(key: string): string
  /** Removes what a key holds; a key that holds nothing is not an error (cleanup may run twice). */
  remove(key: string): Promise<void>
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_.-]*$/i

/** Keys are checked so that no request can escape the media folder. */
export function isSafeMediaKey(key: string): boolean {
  if (!KEY_PATTERN.test(key) || key.includes('..') || key.includes('//')) return false
  return !normalize(key).startsWith(`..${sep}`)
}

/**
 * Private files (ticket attachments, import sheets) live in the same storage but are served only
 * by their own routes, after the app's authorisation: never by /media or /api/image.
 */
// Magazine line sheets are served by /magazine/{identify}/line-sheet.pdf only, which checks the magazine is public.
const PRIVATE_PREFIXES = ['ticket-attachments/', 'imports/', 'magazine-line-sheets/']

/** A key /media and /api/image may serve to anyone (product photos, logos, category images). */
export function isPublicMediaKey(key: string): boolean {
  const lower = key.toLowerCase()
  return isSafeMediaKey(key) && !PRIVATE_PREFIXES.some((prefix) => lower.startsWith(prefix))
}

/** Stores media on the local disk under `root`, served at `/media/<key>`. */
export function localDiskStorage(root: string): MediaStorage {
  const pathFor = (key: string) => {
    if (!isSafeMediaKey(key)) throw new Error(`Unsafe media key: ${key}`)
    return join(root, key)
  }
  return {
    urlFor: (key) => `/media/${key}`,
    async put(key, body) {
      const path = pathFor(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, body)
      return { url: `/media/${key}` }
    },
    async get(key) {
      if (!isSafeMediaKey(key)) return null
      const path = join(root, key)
      try {
        const info = await stat(path)
        if (!info.isFile()) return null
        return { body: await readFile(path), size: info.size, modified: info.mtime }
      } catch {
        return null
      }
    },
    async remove(key) {
      await rm(pathFor(key), { force: true })
    },
  }
}
