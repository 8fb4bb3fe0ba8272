import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { s3Client, s3Storage } from '~/server/providers/storage/s3-storage.server'
import { localDiskStorage, type MediaStorage } from '~/server/providers/storage/storage.server'
import { startLocalS3, type LocalS3 } from '../support/s3-server'

/** What every MediaStorage adapter must do, whatever it writes to. */
function storageContract(
  name: string,
  open: () => Promise<{ storage: MediaStorage; close(): Promise<void> }>,
) {
  describe(`${name} storage contract`, () => {
    let storage: MediaStorage
    let close: () => Promise<void>
    beforeAll(async () => {
      ;({ storage, close } = await open())
    })
    afterAll(() => close())

    it('stores bytes under a key and gives them back with their size and a modification time', async () => {
      const before = Date.now()
      const body = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')
      expect(await storage.put('products/tea.svg', body)).toEqual({ url: '/media/products/tea.svg' })
      expect(storage.urlFor('products/tea.svg')).toBe('/media/products/tea.svg')
      const file = await storage.get('products/tea.svg')
      expect(new Uint8Array(file!.body)).toEqual(body)
      expect(file!.size).toBe(body.byteLength)
      expect(file!.modified).toBeInstanceOf(Date)
      // Object stores keep whole seconds.
      expect(file!.modified.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000)
    })

    it('stores a string as its UTF-8 bytes', async () => {
      await storage.put('content/note.txt', 'چای سبز')
      expect((await storage.get('content/note.txt'))!.body.toString('utf8')).toBe('چای سبز')
    })

    it('answers null for a key that holds nothing', async () => {
      expect(await storage.get('products/never-stored.png')).toBeNull()
      expect(await storage.get('no-such-folder/x.png')).toBeNull()
    })

    it.each([
      '../escape.png',
      '/etc/passwd',
      'a//b.png',
      'a/../../b.png',
      '.hidden',
      '',
      'a b.png',
      'a\\b.png',
    ])('refuses the unsafe key %j: put throws, get finds nothing', async (key) => {
      await expect(storage.put(key, 'x')).rejects.toThrow(/Unsafe media key/)
      expect(await storage.get(key)).toBeNull()
    })

    it('round-trips every byte value and a 1 MB random body unchanged', async () => {
      const everyByte = Uint8Array.from({ length: 512 }, (_, i) => i % 256)
      await storage.put('binary/every-byte.bin', everyByte)
      expect(new Uint8Array((await storage.get('binary/every-byte.bin'))!.body)).toEqual(everyByte)
      const random = new Uint8Array(randomBytes(1024 * 1024))
      await storage.put('binary/random.bin', random)
      const back = await storage.get('binary/random.bin')
      expect(back!.size).toBe(random.byteLength)
      expect(Buffer.compare(back!.body, Buffer.from(random))).toBe(0)
    })

    it('stores a body larger than one upload part (multipart on S3) whole', async () => {
      const big = new Uint8Array(randomBytes(17 * 1024 * 1024))
      await storage.put('exports/big.bin', big)
      const back = await storage.get('exports/big.bin')
      expect(back!.size).toBe(big.byteLength)
      expect(Buffer.compare(back!.body, Buffer.from(big))).toBe(0)
    }, 60_000)

    it('removes what a key holds; removing a key that holds nothing is not an error', async () => {
      await storage.put('products/remove-me.webp', 'bytes')
      await storage.remove('products/remove-me.webp')
      expect(await storage.get('products/remove-me.webp')).toBeNull()
      await expect(storage.remove('products/remove-me.webp')).resolves.toBeUndefined()
      await expect(storage.remove('../escape.png')).rejects.toThrow(/Unsafe media key/)
    })

    it('replaces what a key held when it is written again', async () => {
      await storage.put('logos/store-1.png', 'first version, longer than the second')
      await storage.put('logos/store-1.png', 'second')
      const file = await storage.get('logos/store-1.png')
      expect(file!.body.toString()).toBe('second')
      expect(file!.size).toBe(6)
    })
  })
}

storageContract('local disk', async () => {
  const root = mkdtempSync(join(tmpdir(), 'omdeh-media-'))
  return {
    storage: localDiskStorage(root),
    close: async () => rmSync(root, { recursive: true, force: true }),
  }
})

storageContract('S3 (s3rver)', async () => {
  const s3 = await startLocalS3()
  return { storage: s3Storage(s3.config), close: () => s3.close() }
})

describe('S3 storage against a local S3 server', () => {
  let s3: LocalS3
  beforeAll(async () => {
    s3 = await startLocalS3('omdeh-shared')
  })
  afterAll(() => s3.close())

  it('keeps files in the bucket, so a second app instance reads what the first wrote', async () => {
    const first = s3Storage(s3.config)
    const second = s3Storage(s3.config)
    await first.put('products/shared.png', 'written by instance one')
    expect((await second.get('products/shared.png'))!.body.toString()).toBe('written by instance one')
    // And it is a real object under that key, seen by a plain S3 client.
    const plain: S3Client = s3Client(s3.config)
    const object = await plain.send(
      new GetObjectCommand({ Bucket: 'omdeh-shared', Key: 'products/shared.png' }),
    )
    expect(await object.Body!.transformToString()).toBe('written by instance one')
  })

  it('uploads a large body in parts (a multipart upload), a small one in one request', async () => {
    const client = s3Client(s3.config)
    const commands: string[] = []
    client.middlewareStack.add(
      (next, context) => (args) => {
        commands.push(String(context.commandName))
        return next(args)
      },
      { step: 'initialize' },
    )
    const storage = s3Storage(s3.config, client)
    const big = new Uint8Array(randomBytes(17 * 1024 * 1024))
    await storage.put('exports/parts.bin', big)
    // 17 MB in 8 MB parts: three parts.
    expect(commands).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ])
    expect(Buffer.compare((await storage.get('exports/parts.bin'))!.body, Buffer.from(big))).toBe(0)
    commands.length = 0
    await storage.put('products/small.png', 'small')
    expect(commands).toEqual(['PutObjectCommand'])
  }, 60_000)

  it('fails loudly rather than answering "not found" when the bucket does not exist', async () => {
    const wrong = s3Storage({ ...s3.config, bucket: 'no-such-bucket' })
    await expect(wrong.get('products/tea.svg')).rejects.toThrow()
    await expect(wrong.put('products/tea.svg', 'x')).rejects.toThrow()
  })

  // s3rver checks the access key id but does not verify version-4 signatures, so an unknown key
  // id is the refusal it can show.
  it('fails loudly when the server refuses the credentials', async () => {
    const wrong = s3Storage({ ...s3.config, accessKeyId: 'NOT-A-KNOWN-KEY' })
    await expect(wrong.get('products/shared.png')).rejects.toThrow()
  })
})
