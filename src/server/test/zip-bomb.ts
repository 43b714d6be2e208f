// Hostile zips for tests (issue 33): an entry whose headers claim a few bytes but which inflates to gigabytes, built
// in milliseconds. A megabyte of zeros deflated with a full flush is a run of blocks that needs no history, so the
// same bytes repeated are a valid stream of that many megabytes; a final empty stored block ends it.
import { constants, deflateRawSync } from "node:zlib";

const MIB_OF_ZEROS = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/** A raw deflate stream of `mib` MiB of zeros (about 1 KB compressed per MiB). */
export const zerosDeflated = (mib: number) => Buffer.concat([...Array<Buffer>(mib).fill(MIB_OF_ZEROS), FINAL_EMPTY_BLOCK]);

type TEntry = { name: string; data: Buffer; method: 0 | 8; size: number; crc?: number };

/**
 * A zip of `entries` as given: each `size` is what its headers claim, whatever `data` inflates to (a lie when the
 * caller wants one). The CRC is not checked by the readers under test, so it is 0 unless given.
 */
export function rawZip(entries: TEntry[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const lh = Buffer.alloc(30);
    lh.writeUInt32LE(0x04034b50, 0);
    lh.writeUInt16LE(20, 4);
    lh.writeUInt16LE(0x0800, 6);
    lh.writeUInt16LE(e.method, 8);
    lh.writeUInt32LE(e.crc ?? 0, 14);
    lh.writeUInt32LE(e.data.length, 18);
    lh.writeUInt32LE(e.size, 22);
    lh.writeUInt16LE(name.length, 26);
    const ch = Buffer.alloc(46);
    ch.writeUInt32LE(0x02014b50, 0);
    ch.writeUInt16LE(20, 4);
    ch.writeUInt16LE(20, 6);
    ch.writeUInt16LE(0x0800, 8);
    ch.writeUInt16LE(e.method, 10);
    ch.writeUInt32LE(e.crc ?? 0, 16);
    ch.writeUInt32LE(e.data.length, 20);
    ch.writeUInt32LE(e.size, 24);
    ch.writeUInt16LE(name.length, 28);
    ch.writeUInt32LE(offset, 42);
    local.push(lh, name, e.data);
    central.push(ch, name);
    offset += lh.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, cd, end]);
}

/** A zip holding `files` stored as they are, and `bomb` claiming 1,000 bytes but inflating to `mib` MiB of zeros. */
export function zipBomb(files: Record<string, Uint8Array>, bomb: { name: string; mib: number }): Buffer {
  return rawZip([
    ...Object.entries(files).map(([name, data]) => ({ name, data: Buffer.from(data), method: 0 as const, size: data.length })),
    { name: bomb.name, data: zerosDeflated(bomb.mib), method: 8, size: 1000 },
  ]);
}
