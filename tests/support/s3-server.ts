import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { S3StorageConfig } from '~/server/providers/storage/s3-storage.server'

export interface LocalS3 {
  /** Settings for the bucket, as S3_* would give them (path-style, any key pair s3rver accepts). */
  config: S3StorageConfig
  /** The same settings as environment variables. */
  env: Record<string, string>
  close(): Promise<void>
}

/**
 * A real S3-compatible server (s3rver, in this process) on a free loopback port, with one empty
 * bucket, its objects in a temporary folder removed on close.
 */
export async function startLocalS3(bucket = 'omdeh-test'): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), 'omdeh-s3-'))
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  })
  const { port } = await server.run()
  // s3rver checks signatures against its one fixed key pair.
  const config: S3StorageConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  }
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint!,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    },
    async close() {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
