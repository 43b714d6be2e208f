// Where uploaded files live, behind one small interface: a folder under DATA_DIR by default, an S3-compatible
// bucket when S3_* is set (so app instances stay stateless when scaled out).
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export type TStorage = {
  kind: "local" | "s3";
  /** Stores the file at `key` (e.g. public/<userId>/<timestamp>-<name>) from a local file. */
  put(key: string, sourceFile: string, contentType: string): Promise<void>;
  /** The object's bytes (or those from `range.start` to `range.end`, inclusive), or null when there is no such object. */
  get(key: string, range?: TByteRange): Promise<{ body: Readable; size?: number } | null>;
  /** Removes the object; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
};

/** A local file still being written ends so; it is renamed to its key once complete (a backup leaves it out). */
export const PARTIAL_SUFFIX = ".partial";

export type TByteRange = { start: number; end: number };

export type TS3Config = { bucket: string; endpoint?: string; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean };

export function createStorage(options: { filesDir: string; s3: TS3Config | null }): TStorage {
  return options.s3 ? createS3Storage(options.s3) : createLocalStorage(options.filesDir);
}

export function createLocalStorage(root: string): TStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are made by the server, but a key must never point outside the folder.
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key outside the root: ${key}`);
    return full;
  };
  return {
    kind: "local",
    async put(key, sourceFile) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}${PARTIAL_SUFFIX}`;
      await pipeline(fs.createReadStream(sourceFile), fs.createWriteStream(temp));
      await fsp.rename(temp, target);
    },
    async get(key, range) {
      const target = resolve(key);
      try {
        const stat = await fsp.stat(target);
        if (range) return { body: fs.createReadStream(target, range), size: range.end - range.start + 1 };
        return { body: fs.createReadStream(target), size: stat.size };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
  };
}

export function createS3Storage(config: TS3Config): TStorage {
  // Loaded only when a bucket is configured.
  const sdk = import("@aws-sdk/client-s3");
  const client = sdk.then(
    ({ S3Client }) =>
      new S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        // Plain uploads: many S3-compatible stores do not understand the SDK's default aws-chunked checksums.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
  );
  return {
    kind: "s3",
    async put(key, sourceFile, contentType) {
      const { PutObjectCommand } = await sdk;
      const { size } = await fsp.stat(sourceFile);
      await (await client).send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: fs.createReadStream(sourceFile), ContentLength: size, ContentType: contentType }),
      );
    },
    async get(key, range) {
      const { GetObjectCommand } = await sdk;
      try {
        const res = await (await client).send(new GetObjectCommand({ Bucket: config.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        return { body: res.Body as Readable, size: res.ContentLength };
      } catch (err) {
        const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
        if (e.name === "NoSuchKey" || e.$metadata?.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async remove(key) {
      const { DeleteObjectCommand } = await sdk;
      await (await client).send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
  };
}
