import '@tanstack/react-start/server-only'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { isSafeMediaKey, type MediaStorage } from './storage.server'

export interface S3StorageConfig {
  /** An S3-compatible server (MinIO, Garage, R2...); AWS itself when absent. */
  endpoint?: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `http://host/bucket/key` rather than `http://bucket.host/key`: what most local servers need. */
  forcePathStyle: boolean
}

/** Bodies past this size go up in parts (S3's smallest part is 5 MB), several at a time. */
const PART_BYTES = 8 * 1024 * 1024
const PARTS_IN_FLIGHT = 4

export function s3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default CRC32 trailers and response checks are AWS features many S3-compatible
    // servers do not implement; send and check checksums only where the API demands them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })
}

/**
 * Stores media as objects in one bucket, under the same keys as the local disk. Objects stay
 * private in the bucket: the app serves public keys at `/media/<key>` and private ones through
 * their own authorised routes, exactly as with the disk, so every instance sees the same files.
 */
export function s3Storage(config: S3StorageConfig, client: S3Client = s3Client(config)): MediaStorage {
  return {
    urlFor: (key) => `/media/${key}`,
    async put(key, body) {
      if (!isSafeMediaKey(key)) throw new Error(`Unsafe media key: ${key}`)
      await new Upload({
        client,
        params: {
          Bucket: config.bucket,
          Key: key,
          Body: typeof body === 'string' ? Buffer.from(body) : body,
        },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
      }).done()
      return { url: `/media/${key}` }
    },
    async get(key) {
      if (!isSafeMediaKey(key)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }))
        if (!object.Body) return null
        const body = Buffer.from(await object.Body.transformToByteArray())
        return { body, size: body.byteLength, modified: object.LastModified ?? new Date() }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async remove(key) {
      if (!isSafeMediaKey(key)) throw new Error(`Unsafe media key: ${key}`)
      // S3 answers a delete of a missing key with success, as the contract asks.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }))
    },
  }
}

/** A missing key is "not found"; anything else (no bucket, bad credentials, network) is an error. */
function isMissing(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true
  return (
    error instanceof S3ServiceException &&
    error.name !== 'NoSuchBucket' &&
    (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  )
}
