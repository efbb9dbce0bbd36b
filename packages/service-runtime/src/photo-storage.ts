import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

/**
 * Photo storage for every service that keeps member photos (profile-onboarding, community-feed, …): a folder in the
 * embedded topology, an S3-compatible bucket in the cluster. A subpath export (`@mer/service-runtime/photo-storage`)
 * so services without photos do not load the S3 client.
 *
 * Where photo files live. Keys are server-chosen (`<uuid>.jpg`), so they are safe as file names
 * and object keys. Deleting a missing key is not an error (deletion is retried after failures).
 */
export interface PhotoStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such photo. */
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f-]{36}\.jpg$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`unexpected photo key ${JSON.stringify(key)}`);
  return key;
}

/** Local files: the embedded topology (under the data folder). */
export class LocalPhotoStorage implements PhotoStorage {
  constructor(private readonly dir: string) {}

  async put(key: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const target = path.join(this.dir, checkKey(key));
    // Written aside then renamed: a reader never sees half a file.
    const partial = `${target}.${process.pid}.part`;
    await writeFile(partial, data);
    await rename(partial, target);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(path.join(this.dir, checkKey(key)));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(path.join(this.dir, checkKey(key)), { force: true });
  }
}

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * An S3-compatible bucket (the cluster topology), addressed path-style
 * (`<endpoint>/<bucket>/<key>`), which MinIO, Ceph and local test servers all accept.
 * Requests are signed with AWS Signature V4 (aws4fetch) over Node's fetch.
 */
export class S3PhotoStorage implements PhotoStorage {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(settings: S3Settings) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
      retries: 2,
    });
    this.base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}`;
  }

  async put(key: string, data: Buffer, contentType: string): Promise<void> {
    const send = () =>
      this.client.fetch(this.url(key), {
        method: 'PUT',
        body: new Uint8Array(data.buffer, data.byteOffset, data.length) as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': contentType, 'content-length': String(data.length) },
      });
    let res = await send();
    if (res.status === 404) {
      // A fresh installation: the bucket is created on the first photo (a private one, the default).
      await res.body?.cancel();
      await expectOk(await this.client.fetch(this.base, { method: 'PUT' }), 'create bucket', '');
      res = await send();
    }
    await expectOk(res, 'put', key);
  }

  async get(key: string): Promise<Buffer | undefined> {
    const res = await this.client.fetch(this.url(key), { method: 'GET' });
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    await expectOk(res, 'get', key, true);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), { method: 'DELETE' });
    if (res.status === 404) return void (await res.body?.cancel());
    await expectOk(res, 'delete', key);
  }

  private url(key: string): string {
    return `${this.base}/${checkKey(key)}`;
  }
}

async function expectOk(res: Response, op: string, key: string, keepBody = false): Promise<void> {
  if (res.ok) {
    if (!keepBody) await res.body?.cancel();
    return;
  }
  const text = await res.text().catch(() => '');
  throw new Error(`S3 ${op} ${key} failed: ${res.status} ${text.slice(0, 200)}`);
}

/** The settings storage is chosen from: the same names in every service's configuration. */
export interface PhotoStorageSettings {
  PHOTO_STORAGE_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

/** Local files unless S3_BUCKET is set (then every S3 setting is required). */
export function photoStorageFromConfig(config: PhotoStorageSettings): PhotoStorage {
  if (!config.S3_BUCKET) return new LocalPhotoStorage(config.PHOTO_STORAGE_DIR);
  const { S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (!S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(
      'S3_BUCKET is set: S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required too',
    );
  }
  return new S3PhotoStorage({
    endpoint: S3_ENDPOINT,
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  });
}

// The upload pipeline that goes with the storage (sharp), on the same subpath for the same reason.
export { prepareUploadedPhoto, type PreparedPhoto } from './photo-processing.ts';
