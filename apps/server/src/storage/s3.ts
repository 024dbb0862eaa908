import fs from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkKey, StorageNotFound, withTempCopy, type Storage } from './storage.ts';

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Optional prefix inside the bucket (several deployments in one bucket). */
  prefix?: string;
}

function isMissing(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  if (e.name === 'NoSuchKey' || e.name === 'NotFound') return true;
  return '$metadata' in e && JSON.stringify(e.$metadata ?? {}).includes('"httpStatusCode":404');
}

/**
 * Any S3-compatible service (MinIO, OSS, COS, S3) through the official client. Streams go up as a
 * multipart upload in 5 MB parts, two at a time, so a large file never sits whole in memory; a
 * reader sees the object only once the upload completes.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;

  constructor(
    settings: S3Settings,
    /** Where temporary copies for path-reading parsers go. */
    private readonly tmpDir: string,
  ) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ? `${checkKey(settings.prefix)}/` : '';
    this.client = new S3Client({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      forcePathStyle: settings.forcePathStyle,
      ...(settings.accessKeyId && settings.secretAccessKey
        ? {
            credentials: {
              accessKeyId: settings.accessKeyId,
              secretAccessKey: settings.secretAccessKey,
            },
          }
        : {}),
    });
  }

  private key(key: string): string {
    return this.prefix + checkKey(key);
  }

  async put(key: string, body: Buffer | Readable, contentType?: string): Promise<void> {
    const params = { Bucket: this.bucket, Key: this.key(key), ContentType: contentType };
    if (Buffer.isBuffer(body)) {
      await this.client.send(new PutObjectCommand({ ...params, Body: body }));
      return;
    }
    await new Upload({ client: this.client, params: { ...params, Body: body }, queueSize: 2 }).done();
  }

  async putFile(key: string, file: string, contentType?: string): Promise<void> {
    await this.put(key, fs.createReadStream(file), contentType);
  }

  async get(key: string): Promise<Readable> {
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      const body = res.Body;
      if (body instanceof Readable) return body;
      throw new Error('S3 answered a body that is not a Node stream');
    } catch (e) {
      if (isMissing(e)) throw new StorageNotFound(key);
      throw e;
    }
  }

  async read(key: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.get(key))
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
    return Buffer.concat(chunks);
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  withLocalFile<T>(key: string, work: (file: string) => Promise<T>): Promise<T> {
    return withTempCopy(this, key, this.tmpDir, work);
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  close(): void {
    this.client.destroy();
  }
}
