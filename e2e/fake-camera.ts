import { writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { toBuffer } from 'bwip-js/node';

/*
 * A video file for chromium's fake camera (--use-file-for-fake-video-capture): a job ticket's
 * EAN-13 drawn by bwip-js, decoded from its PNG here (no image tool is needed) and written as a
 * Y4M still, the symbol centred on white, which chromium plays in a loop.
 */

const WIDTH = 640;
const HEIGHT = 480;

/** Channels per pixel of an 8-bit PNG's colour types: grey, RGB, grey and alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** The luminance (0-255) of each pixel of an 8-bit, non-interlaced PNG, alpha over white. */
function pngLuminance(png: Buffer): { width: number; height: number; pixels: Uint8Array } {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      [width, height] = [body.readUInt32BE(0), body.readUInt32BE(4)];
      if (body[8] !== 8 || body[12] !== 0 || !CHANNELS[body[9]]) throw new Error('only 8-bit non-interlaced PNGs are read here');
      channels = CHANNELS[body[9]];
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x];
      const left = x >= channels ? rows[y * stride + x - channels] : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x] : 0;
      const upLeft = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels] : 0;
      const paeth = () => {
        const p = left + up - upLeft;
        const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        return a <= b && a <= c ? left : b <= c ? up : upLeft;
      };
      const predicted = [0, left, up, (left + up) >> 1, filter === 4 ? paeth() : 0][filter];
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const at = i * channels;
    const grey = channels >= 3 ? 0.299 * rows[at] + 0.587 * rows[at + 1] + 0.114 * rows[at + 2] : rows[at];
    const alpha = channels === 2 || channels === 4 ? rows[at + channels - 1] / 255 : 1;
    pixels[i] = Math.round(grey * alpha + 255 * (1 - alpha));
  }
  return { width, height, pixels };
}

/** Writes `path`: a Y4M still of `code` as an EAN-13 symbol, for chromium's fake camera. */
export async function writeBarcodeVideo(code: string, path: string): Promise<void> {
  const png = await toBuffer({ bcid: 'ean13', text: code, scale: 3, height: 25, includetext: true, paddingwidth: 10, paddingheight: 10, backgroundcolor: 'FFFFFF' });
  const symbol = pngLuminance(png);
  if (symbol.width > WIDTH || symbol.height > HEIGHT) throw new Error('the symbol does not fit the frame');
  const luma = new Uint8Array(WIDTH * HEIGHT).fill(255);
  const [left, top] = [(WIDTH - symbol.width) >> 1, (HEIGHT - symbol.height) >> 1];
  for (let y = 0; y < symbol.height; y++) luma.set(symbol.pixels.subarray(y * symbol.width, (y + 1) * symbol.width), (top + y) * WIDTH + left);
  // 4:2:0: the colour planes a quarter of the picture each, grey (128) throughout.
  const chroma = new Uint8Array((WIDTH / 2) * (HEIGHT / 2) * 2).fill(128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\n`, 'ascii');
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  writeFileSync(path, Buffer.concat([header, frame, frame]));
}
