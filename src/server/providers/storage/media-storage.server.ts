import '@tanstack/react-start/server-only'
import type { ServerConfig } from '#app-config'
import { s3Storage } from './s3-storage.server'
import { localDiskStorage, type MediaStorage } from './storage.server'

/** The storage the configuration names: the local disk by default, an S3 bucket when S3_BUCKET is set. */
export function openMediaStorage(config: ServerConfig['media']): MediaStorage {
  return config.kind === 's3' ? s3Storage(config) : localDiskStorage(config.root)
}
