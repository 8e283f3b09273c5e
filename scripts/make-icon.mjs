// Draws the extension's icon, media/icon.png (128 × 128, the size the Marketplace and Open VSX show): an open
// epsilon, the Ewe letter ɛ, with a high-tone mark, on a dark rounded square. Shapes are distance functions,
// each pixel sampled 4 × 4 times for smooth edges; the PNG is written with zlib, no image library.
// Run: node scripts/make-icon.mjs
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';

const SIZE = 128;
const SAMPLES = 4;
const BACKGROUND = [23, 50, 77];
const LETTER = [255, 255, 255];
const MARK = [242, 177, 52];

/** Distance from (x, y) to a rounded square filling the icon, negative inside. */
function roundedSquare(x, y) {
  const r = 26;
  const qx = Math.abs(x - SIZE / 2) - (SIZE / 2 - r);
  const qy = Math.abs(y - SIZE / 2) - (SIZE / 2 - r);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Inside an arc of the circle (cx, cy, radius) drawn `width` thick, leaving out the angles within `gap` of due right. */
function onArc(x, y, cx, cy, radius, width, gap) {
  const angle = Math.abs(Math.atan2(y - cy, x - cx));
  return angle > gap && Math.abs(Math.hypot(x - cx, y - cy) - radius) <= width / 2;
}

/** Inside a segment from (ax, ay) to (bx, by) drawn `width` thick, with round ends. */
function onSegment(x, y, ax, ay, bx, by, width) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy) <= width / 2;
}

/** The colour at a point, or undefined outside the icon. */
function colourAt(x, y) {
  if (roundedSquare(x, y) > 0) return undefined;
  const gap = (50 * Math.PI) / 180;
  if (onArc(x, y, 64, 57, 19, 11, gap) || onArc(x, y, 64, 88, 23, 11, gap)) return LETTER;
  if (onSegment(x, y, 70, 25, 84, 11, 9)) return MARK;
  return BACKGROUND;
}

const pixels = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  const row = y * (SIZE * 4 + 1);
  pixels[row] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const colour = colourAt(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
        if (!colour) continue;
        for (let c = 0; c < 3; c++) sum[c] += colour[c];
        sum[3] += 255;
      }
    }
    const covered = sum[3] / 255;
    const at = row + 1 + x * 4;
    for (let c = 0; c < 3; c++) pixels[at + c] = covered ? Math.round(sum[c] / covered) : 0;
    pixels[at + 3] = Math.round(sum[3] / (SAMPLES * SAMPLES));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bits per channel
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(pixels, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
mkdirSync('media', { recursive: true });
writeFileSync('media/icon.png', png);
console.log(`media/icon.png: ${SIZE} × ${SIZE}, ${png.length} bytes`);
