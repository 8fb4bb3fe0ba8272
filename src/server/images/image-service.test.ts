import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localDiskStorage } from '../providers/storage/storage.server'
import {
  ImageError,
  parseImageWidth,
  renderImage,
  resolveImageSource,
  type ImageServiceDeps,
} from './image-service.server'

const domain = 'cdn.omdeh.example'

describe('image sources', () => {
  it('accepts the app’s media, its public files and the allowed domain over https', () => {
    expect(resolveImageSource('/media/products/tea.png', domain)).toEqual({
      kind: 'media',
      key: 'products/tea.png',
    })
    expect(resolveImageSource('/images/hero.jpg', domain)).toEqual({
      kind: 'public',
      path: '/images/hero.jpg',
    })
    expect(resolveImageSource('https://cdn.omdeh.example/p/1.jpg', domain)).toMatchObject({ kind: 'remote' })
  })

  it.each([
    ['another domain', 'https://evil.example/p.jpg'],
    ['a look-alike subdomain', 'https://cdn.omdeh.example.evil.example/p.jpg'],
    ['plain http', 'http://cdn.omdeh.example/p.jpg'],
    ['credentials in the URL', 'https://user:pw@cdn.omdeh.example/p.jpg'],
    ['a custom port', 'https://cdn.omdeh.example:8443/p.jpg'],
    ['a protocol-relative URL', '//evil.example/p.jpg'],
    ['path traversal in media', '/media/../../etc/passwd'],
    ['path traversal in public files', '/images/../../secret.png'],
    ['a non-image public file', '/robots.txt'],
    ['the endpoint itself', '/api/image?src=x'],
    ['the API', '/api/health.png'],
    ['a file URL', 'file:///etc/passwd'],
    ['a local address', 'https://127.0.0.1/p.jpg'],
    // Issue #13 §8: private files are served only by their own, authorised routes.
    ['a ticket attachment', '/media/ticket-attachments/3f9a0c1e2d4b5a6978877665544332211000ffeeddccbbaa'],
    ['a ticket attachment in other case', '/media/Ticket-Attachments/3f9a0c1e2d4b'],
    ['an import sheet', '/media/imports/7/0a1b2c3d4e5f60718293a4b5c6d7e8f9'],
  ])('refuses %s', (_name, src) => {
    expect(resolveImageSource(src, domain)).toBeNull()
  })

  it('refuses every remote source when no domain is configured', () => {
    expect(resolveImageSource('https://cdn.omdeh.example/p/1.jpg', '')).toBeNull()
  })

  it('accepts only the configured widths', () => {
    expect(parseImageWidth('640')).toBe(640)
    expect(parseImageWidth('3072')).toBe(3072)
    expect(parseImageWidth('641')).toBeNull()
    expect(parseImageWidth('-320')).toBeNull()
    expect(parseImageWidth(null)).toBeNull()
  })
})

describe('image rendering', () => {
  let root: string
  let deps: ImageServiceDeps

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'omdeh-images-'))
    const media = localDiskStorage(join(root, 'media'))
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#d99a00' } })
      .png()
      .toBuffer()
    await media.put('products/crate.png', png)
    await mkdir(join(root, 'public'), { recursive: true })
    await writeFile(
      join(root, 'public', 'small.png'),
      await sharp({ create: { width: 100, height: 100, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    )
    await writeFile(join(root, 'public', 'fake.png'), 'not an image')
    deps = { media, publicDirs: [join(root, 'public')], cacheDir: join(root, 'cache') }
  })

  afterAll(() => rm(root, { recursive: true, force: true }))

  it('resizes to webp at the asked width, then serves it from the cache', async () => {
    const first = await renderImage({ kind: 'media', key: 'products/crate.png' }, 640, deps)
    const meta = await sharp(first.body).metadata()
    expect(meta.format).toBe('webp')
    expect(meta.width).toBe(640)
    expect(meta.height).toBe(427)
    expect(first.cached).toBe(false)
    const second = await renderImage({ kind: 'media', key: 'products/crate.png' }, 640, deps)
    expect(second.cached).toBe(true)
    expect(second.etag).toBe(first.etag)
  })

  it('never enlarges a small original', async () => {
    const image = await renderImage({ kind: 'public', path: '/small.png' }, 1536, deps)
    expect((await sharp(image.body).metadata()).width).toBe(100)
  })

  it('answers 404 for a missing file and 415 for a file that is not an image', async () => {
    await expect(renderImage({ kind: 'media', key: 'products/none.png' }, 320, deps)).rejects.toMatchObject({
      status: 404,
    })
    await expect(renderImage({ kind: 'public', path: '/fake.png' }, 320, deps)).rejects.toBeInstanceOf(
      ImageError,
    )
    await expect(renderImage({ kind: 'public', path: '/fake.png' }, 320, deps)).rejects.toMatchObject({
      status: 415,
    })
  })

  it('does not follow a remote redirect away from the allowed domain', async () => {
    const fetchSpy: typeof fetch = async (_input, init) => {
      expect(init?.redirect).toBe('error')
      throw new TypeError('redirect mode is error')
    }
    await expect(
      renderImage({ kind: 'remote', url: new URL('https://cdn.omdeh.example/p.jpg') }, 320, {
        ...deps,
        fetch: fetchSpy,
      }),
    ).rejects.toMatchObject({ status: 502 })
  })
})
