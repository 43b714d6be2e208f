// A clip's length as its bytes state it (audioSeconds), which bounds how long a counted play's address lives
// (decision 0034): each format's own field, and null — never a guess — when the bytes do not say.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { audioSeconds } from "./inspect";
import { playWindowSeconds, PLAY_MARGIN_SECONDS } from "./plays";

const OGG = fs.readFileSync(new URL("../../demo-assets/chime.ogg", import.meta.url));

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, "latin1");
  return Buffer.concat([head, body]);
};

/** An MPEG-1 Layer III frame header at 128 kbit/s, 44.1 kHz, stereo, and room for a Xing tag after its side info. */
const mp3Frame = () => {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  return frame;
};

describe("audioSeconds", () => {
  it("reads an OGG Vorbis clip's length from its last granule over its sample rate", () => {
    expect(audioSeconds(OGG, "audio/ogg")).toBe(3);
  });

  it("reads an M4A's movie header, in both of its versions", () => {
    const v0 = Buffer.alloc(100);
    v0.writeUInt32BE(1000, 12); // timescale
    v0.writeUInt32BE(61_500, 16); // duration
    const m4a = Buffer.concat([box("ftyp", Buffer.from("M4A \0\0\0\0")), box("free", Buffer.alloc(4)), box("moov", box("mvhd", v0))]);
    expect(audioSeconds(m4a, "audio/mp4")).toBe(61.5);
    const v1 = Buffer.alloc(112);
    v1[0] = 1;
    v1.writeUInt32BE(48_000, 20);
    v1.writeBigUInt64BE(48_000n * 90n, 24);
    expect(audioSeconds(Buffer.concat([box("ftyp", Buffer.alloc(8)), box("moov", box("mvhd", v1))]), "audio/mp4")).toBe(90);
  });

  it("reads an MP3's Xing frame count, or its bytes over a constant bit rate, after an ID3 tag", () => {
    const id3 = Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 10, ...Array(10).fill(0)]);
    const xing = mp3Frame();
    xing.write("Xing", 4 + 32, "latin1");
    xing.writeUInt32BE(1, 4 + 32 + 4);
    xing.writeUInt32BE(3828, 4 + 32 + 8); // frames of 1152 samples at 44.1 kHz: 100 s
    expect(audioSeconds(Buffer.concat([id3, xing]), "audio/mpeg")).toBeCloseTo(100, 1);
    // 16,000 bytes at 128 kbit/s: one second.
    const cbr = Buffer.concat([mp3Frame(), Buffer.alloc(16_000 - 417)]);
    expect(audioSeconds(cbr, "audio/mpeg")).toBe(1);
  });

  it("says null when the bytes do not state a length: no header, a field past the end, another format", () => {
    expect(audioSeconds(Buffer.concat([Buffer.from("ID3"), Buffer.alloc(200, 1)]), "audio/mpeg")).toBeNull();
    expect(audioSeconds(Buffer.concat([box("ftyp", Buffer.alloc(8)), Buffer.alloc(200)]), "audio/mp4")).toBeNull();
    expect(audioSeconds(OGG.subarray(0, 30), "audio/ogg")).toBeNull();
    const lying = Buffer.concat([box("ftyp", Buffer.alloc(8)), Buffer.from([0xff, 0xff, 0xff, 0xff]), Buffer.from("moov")]);
    expect(audioSeconds(lying, "audio/mp4")).toBeNull();
    expect(audioSeconds(OGG, "image/png")).toBeNull();
  });
});

describe("playWindowSeconds", () => {
  it("is the clip's length and the margin; for an unknown length, its bytes at a low bit rate, at most an hour", () => {
    expect(playWindowSeconds({ durationMs: 3000, sizeBytes: 6827 })).toBe(3 + PLAY_MARGIN_SECONDS);
    expect(playWindowSeconds({ durationMs: null, sizeBytes: 200_000 })).toBe(100 + PLAY_MARGIN_SECONDS);
    expect(playWindowSeconds({ durationMs: null, sizeBytes: 20 * 1024 * 1024 })).toBe(3600 + PLAY_MARGIN_SECONDS);
  });
});
