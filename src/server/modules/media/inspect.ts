// What an uploaded picture or clip is, by its bytes (issue 18), and whether a picture is one a student's device can
// afford to draw (issue 33): no more than MAX_IMAGE_PIXELS, and pixel data enough for the size its header claims.
// Apart from media.service so a parse thread (QTI packages, docs/decisions/0029) loads this without the database.
import { createInflate, inflateSync } from "node:zlib";
import { imageSize } from "image-size";
import { AppError } from "../../http/errors";
import { IMAGE_TYPES, MAX_IMAGE_MB, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE_PX } from "../../../shared/limits";

const tooLarge = () => new AppError("IMAGE_TOO_LARGE", { vars: { limitMb: MAX_IMAGE_MB, limitPx: MAX_IMAGE_SIDE_PX } });
const unreadable = () => new AppError("IMAGE_UNREADABLE");

/**
 * A JPEG's scans must hold at least a bit for each 8 × 8 block of the size it claims (every block codes at least its
 * end), so a header claiming 4,000 × 4,000 over a few bytes is no picture. A decoder is not at hand on the server;
 * this is the check the bytes allow without one.
 */
function checkJpeg(bytes: Buffer, width: number, height: number): void {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw unreadable();
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (marker === 0xda) {
      const scan = bytes.length - (at + 2 + length);
      // (16 bytes of slack: the tiniest pictures, a block or two, are written with next to no scan.)
      if ((scan + 16) * 8 < Math.ceil(width / 8) * Math.ceil(height / 8)) throw unreadable();
      return;
    }
    at += 2 + length;
  }
  throw unreadable(); // no scan at all
}

/** A WebP's RIFF size and its image chunk must fit the file: a header alone is not a picture. */
function checkWebp(bytes: Buffer): void {
  if (bytes.length < 20 || bytes.readUInt32LE(4) + 8 > bytes.length) throw unreadable();
  let at = 12;
  while (at + 8 <= bytes.length) {
    const fourcc = bytes.toString("latin1", at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (at + 8 + size > bytes.length) throw unreadable();
    if (fourcc === "VP8 " || fourcc === "VP8L") return void (size < 5 && unreadable());
    at += 8 + size + (size & 1);
  }
  throw unreadable();
}

/** What the bytes are, whatever the name or the browser says: one of ours with its size, or refused. */
export function inspectImage(bytes: Buffer): { contentType: string; width: number; height: number } {
  let found: ReturnType<typeof imageSize>;
  try {
    found = imageSize(bytes);
  } catch {
    throw new AppError("MEDIA_TYPE_NOT_ALLOWED");
  }
  const contentType = IMAGE_TYPES[found.type as keyof typeof IMAGE_TYPES];
  if (!contentType) throw new AppError("MEDIA_TYPE_NOT_ALLOWED");
  const { width, height } = found;
  if (!width || !height) throw new AppError("MEDIA_TYPE_NOT_ALLOWED");
  // A picture of 20,000 × 20,000 pixels fits in a few kilobytes and takes a phone's memory to draw.
  if (width > MAX_IMAGE_SIDE_PX || height > MAX_IMAGE_SIDE_PX) throw tooLarge();
  // So does one of 7,999 × 7,999: 256 MB on every student's device. Pixels are counted, not only sides.
  if (width * height > MAX_IMAGE_PIXELS) throw new AppError("IMAGE_TOO_MANY_PIXELS", { vars: { limitMp: Math.round(MAX_IMAGE_PIXELS / 1e6) } });
  if (contentType === "image/jpeg") checkJpeg(bytes, width, height);
  if (contentType === "image/webp") checkWebp(bytes);
  return { contentType, width, height };
}

/** Bits a PNG pixel takes, by colour type (grey, RGB, palette, grey + alpha, RGBA) and bit depth. */
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

type TPngLayout = { data: Buffer[]; expected: number; rows: { start: number; size: number; count: number }[] };

/** A PNG's image data, and where each row's filter byte falls in it once inflated; refused when its chunks do not add up. */
function pngLayout(bytes: Buffer): TPngLayout {
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (at + 12 <= bytes.length && !ended) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    if (at + 12 + length > bytes.length) throw unreadable();
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR" && length >= 13) header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, colour: body[9]!, interlace: body[12]! };
    if (type === "IDAT") data.push(body);
    if (type === "IEND") ended = true;
    at += 12 + length;
  }
  const channels = header ? PNG_CHANNELS[header.colour] : undefined;
  if (!header || !channels || !data.length) throw unreadable();
  const { width, height, depth, interlace } = header;
  const rowBytes = (w: number) => (w ? 1 + Math.ceil((w * channels * depth) / 8) : 0);
  const passes = interlace ? ADAM7.map(([x, y, dx, dy]) => [Math.ceil((width - x) / dx), Math.ceil((height - y) / dy)] as const).filter(([w, h]) => w > 0 && h > 0) : [[width, height] as const];
  const rows: TPngLayout["rows"] = [];
  let expected = 0;
  for (const [w, h] of passes) {
    rows.push({ start: expected, size: rowBytes(w), count: h });
    expected += rowBytes(w) * h;
  }
  return { data, expected, rows };
}

/** Whether `chunk`, found at `seen` in the inflated stream, has a filter byte that is none of PNG's five. Only the rows' starts are read, not the pixels. */
function badFilter({ rows }: TPngLayout, chunk: Buffer, seen: number): boolean {
  for (const r of rows) {
    const first = Math.max(0, Math.ceil((seen - r.start) / r.size)) * r.size + r.start;
    for (let o = first; o < Math.min(seen + chunk.length, r.start + r.size * r.count); o += r.size) if (chunk[o - seen]! > 4) return true;
  }
  return false;
}

/**
 * A PNG decodes to the size its header claims: its image data, inflated (on libuv's pool, counted as it comes,
 * kept nowhere), is exactly the rows the width, height, depth and interlace make, each led by a valid filter byte.
 */
export async function checkPngDecodes(bytes: Buffer): Promise<void> {
  const layout = pngLayout(bytes);
  await new Promise<void>((resolve, reject) => {
    const inflate = createInflate();
    let seen = 0;
    let failed = false;
    const fail = () => {
      if (failed) return;
      failed = true;
      inflate.destroy();
      reject(unreadable());
    };
    inflate.on("data", (chunk: Buffer) => {
      if (seen + chunk.length > layout.expected || badFilter(layout, chunk, seen)) return fail();
      seen += chunk.length;
    });
    inflate.on("error", fail);
    inflate.on("end", () => (seen === layout.expected ? resolve() : fail()));
    for (const d of layout.data) inflate.write(d);
    inflate.end();
  });
}

/** The same, at once: for a parse thread (a QTI package's pictures), where blocking is the thread's own affair. */
export function checkPngDecodesSync(bytes: Buffer): void {
  const layout = pngLayout(bytes);
  let pixels: Buffer;
  try {
    pixels = inflateSync(Buffer.concat(layout.data), { maxOutputLength: Math.max(1, layout.expected) });
  } catch {
    throw unreadable(); // not deflate, or more than the header claims
  }
  if (pixels.length !== layout.expected || badFilter(layout, pixels, 0)) throw unreadable();
}

/**
 * A listening clip by its first bytes: OGG ("OggS"), M4A/MP4 ("ftyp" box) or MP3 (an ID3 tag or an MPEG audio
 * frame's sync bits) — or null when it is none of them.
 */
export function inspectAudio(bytes: Buffer): string | null {
  if (bytes.length < 12) return null;
  if (bytes.toString("latin1", 0, 4) === "OggS") return "audio/ogg";
  if (bytes.toString("latin1", 4, 8) === "ftyp") return "audio/mp4";
  if (bytes.toString("latin1", 0, 3) === "ID3") return "audio/mpeg";
  if (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0 && (bytes[1]! & 0x06) !== 0) return "audio/mpeg";
  return null;
}

/**
 * A clip's length in seconds as its bytes state it — an OGG's last granule position over its sample rate, an M4A's
 * movie header, an MP3's Xing/Info/VBRI frame count or (constant bit rate) its bytes over its bit rate — or null
 * when they do not say. It bounds how long one counted play's address lives (decision 0034), so it is read, never
 * trusted to more than that.
 */
export function audioSeconds(bytes: Buffer, contentType: string): number | null {
  try {
    const seconds = contentType === "audio/ogg" ? oggSeconds(bytes) : contentType === "audio/mp4" ? mp4Seconds(bytes) : contentType === "audio/mpeg" ? mp3Seconds(bytes) : null;
    return seconds !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null; // a field pointing past the end: the length is unknown
  }
}

function oggSeconds(bytes: Buffer): number | null {
  const packet = 27 + bytes[26]!; // the first page's segment table, then its one packet: the codec's header
  const last = bytes.lastIndexOf("OggS");
  if (last < 0 || last + 14 > bytes.length) return null;
  const granule = Number(bytes.readBigInt64LE(last + 6));
  if (bytes.toString("latin1", packet, packet + 7) === "\x01vorbis") return granule / bytes.readUInt32LE(packet + 12);
  // Opus always counts at 48 kHz, less the samples its decoder skips at the start.
  if (bytes.toString("latin1", packet, packet + 8) === "OpusHead") return (granule - bytes.readUInt16LE(packet + 10)) / 48_000;
  return null;
}

function mp4Seconds(bytes: Buffer): number | null {
  const box = (from: number, to: number, type: string): { start: number; end: number } | null => {
    for (let at = from; at + 8 <= to; ) {
      let size = bytes.readUInt32BE(at);
      let header = 8;
      if (size === 1) {
        size = Number(bytes.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = to - at;
      if (size < header) return null;
      if (bytes.toString("latin1", at + 4, at + 8) === type) return { start: at + header, end: Math.min(to, at + size) };
      at += size;
    }
    return null;
  };
  const moov = box(0, bytes.length, "moov");
  const mvhd = moov && box(moov.start, moov.end, "mvhd");
  if (!mvhd) return null;
  const v1 = bytes[mvhd.start] === 1;
  const timescale = bytes.readUInt32BE(mvhd.start + (v1 ? 20 : 12));
  const duration = v1 ? Number(bytes.readBigUInt64BE(mvhd.start + 24)) : bytes.readUInt32BE(mvhd.start + 16);
  return timescale ? duration / timescale : null;
}

const MP3_KBPS = { 1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320], 2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160] };

/** Layer III only (what MP3 is); the first frame after any ID3 tag. */
function mp3Seconds(bytes: Buffer): number | null {
  let at = 0;
  if (bytes.toString("latin1", 0, 3) === "ID3") {
    const tag = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
    at = 10 + tag + (bytes[5]! & 0x10 ? 10 : 0);
  }
  const limit = Math.min(bytes.length - 4, at + 64 * 1024);
  while (at < limit && !(bytes[at] === 0xff && (bytes[at + 1]! & 0xe0) === 0xe0)) at++;
  if (at >= limit) return null;
  const [b1, b2, b3] = [bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!];
  const version = (b1 >> 3) & 3; // 3: MPEG-1, 2: MPEG-2, 0: MPEG-2.5
  if (version === 1 || ((b1 >> 1) & 3) !== 1) return null;
  const mpeg1 = version === 3;
  const kbps = MP3_KBPS[mpeg1 ? 1 : 2][b2 >> 4];
  const rate = [44_100, 48_000, 32_000][(b2 >> 2) & 3];
  if (!kbps || !rate) return null;
  const sampleRate = rate / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  const samplesPerFrame = mpeg1 ? 1152 : 576;
  const mono = b3 >> 6 === 3;
  const xing = at + 4 + (mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17);
  const tag = bytes.toString("latin1", xing, xing + 4);
  if ((tag === "Xing" || tag === "Info") && bytes.readUInt32BE(xing + 4) & 1) return (bytes.readUInt32BE(xing + 8) * samplesPerFrame) / sampleRate;
  if (bytes.toString("latin1", at + 36, at + 40) === "VBRI") return (bytes.readUInt32BE(at + 50) * samplesPerFrame) / sampleRate;
  const audioBytes = bytes.length - at - (bytes.toString("latin1", bytes.length - 128, bytes.length - 125) === "TAG" ? 128 : 0);
  return (audioBytes * 8) / (kbps * 1000);
}
