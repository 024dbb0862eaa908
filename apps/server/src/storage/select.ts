import path from 'node:path';
import type { Config } from '../config/config.ts';
import { S3Storage } from './s3.ts';
import { LocalStorage, type Storage } from './storage.ts';

/** The storage the configuration chooses: DATA_DIR by default, a bucket with STORAGE=s3. */
export function storageOf(config: Config): Storage & { close?: () => void } {
  if (config.STORAGE !== 's3' || !config.S3_BUCKET) return new LocalStorage(config.dataDir);
  return new S3Storage(
    {
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    },
    path.join(config.dataDir, 'tmp', 'storage'),
  );
}
