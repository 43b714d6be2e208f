// The same behaviour from both storages: the folder, and an S3-compatible bucket (a local fake S3 server).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage, createS3Storage, type TStorage } from "./storage";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "qias-storage-"));
const source = path.join(tmp, "source.bin");
fs.writeFileSync(source, "مرحبا — hello");

async function read(storage: TStorage, key: string) {
  const obj = await storage.get(key);
  if (!obj) return null;
  const chunks: Buffer[] = [];
  for await (const c of obj.body) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks).toString("utf8");
}

function contract(name: string, make: () => TStorage) {
  describe(name, () => {
    it("puts, gets and removes; a missing object is null; removing twice is fine", async () => {
      const s = make();
      const key = "public/user-1/1700000000000-تقرير.pdf";
      await s.put(key, source, "application/pdf");
      expect(await read(s, key)).toBe("مرحبا — hello");
      await s.remove(key);
      expect(await s.get(key)).toBeNull();
      await s.remove(key);
    });
  });
}

contract("local folder storage", () => createLocalStorage(path.join(tmp, "files")));

it("local storage refuses keys outside its folder", async () => {
  const s = createLocalStorage(path.join(tmp, "files"));
  await expect(s.put("../../escape.txt", source, "text/plain")).rejects.toThrow(/outside/);
});

let server: { close: () => Promise<void> } | undefined;
let port = 0;
beforeAll(async () => {
  const S3rver = (await import("s3rver")).default;
  const instance = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: path.join(tmp, "s3"), configureBuckets: [{ name: "qias-test" }] });
  const info = (await instance.run()) as { port: number };
  port = info.port;
  server = { close: () => instance.close() };
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

contract("S3-compatible storage", () =>
  createS3Storage({ bucket: "qias-test", endpoint: `http://127.0.0.1:${port}`, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", forcePathStyle: true }),
);
