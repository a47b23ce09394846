import { GetObjectCommand, HeadObjectCommand, paginateListObjectsV2, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { S3Config } from '../env.ts';
import { assertPictureKey, PICTURE_CACHE_CONTROL, type PictureStorage } from './storage.ts';

const isMissing = (err: unknown) => err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

// No ACL: the bucket's policy decides who reads, and some stores refuse ACLs.
export function createS3Storage(s3: S3Config): PictureStorage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    credentials: s3.credentials,
    // Several S3-compatible stores refuse the checksum headers the SDK sends by default since 2025.
    ...(s3.endpoint ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' } : {}),
  });
  const Bucket = s3.bucket;
  return {
    location: `bucket ${s3.bucket}${s3.endpoint ? ` at ${s3.endpoint}` : ''}`,
    async put(key, bytes, contentType) {
      assertPictureKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: bytes, ContentType: contentType, CacheControl: PICTURE_CACHE_CONTROL }));
    },
    async exists(key) {
      assertPictureKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async get(key) {
      assertPictureKey(key);
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw err;
      }
    },
    async list(prefix = '') {
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      }
      return keys.sort();
    },
    close() {
      client.destroy();
    },
  };
}
