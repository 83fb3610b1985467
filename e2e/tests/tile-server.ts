import http from 'node:http';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A local map tile server for the browser tests (issue 27): tests must not need tiles from the
 * internet, so the e2e server's MAP_TILE_URL points here (playwright.config.ts). Every
 * `/tiles/{z}/{x}/{y}.png` answers a 256 px PNG: a light ground with a grid line on two edges, so
 * the tiles are visible in screenshots. It counts what it served.
 */
export const TILE_SIZE_PX = 256;

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/** An RGB PNG of one tile: ground colour, a darker line along the top and the left edge. */
export const tilePng = (): Buffer => {
  const ground = [232, 238, 226];
  const line = [196, 207, 214];
  const rows: Buffer[] = [];
  for (let y = 0; y < TILE_SIZE_PX; y += 1) {
    const row = Buffer.alloc(1 + TILE_SIZE_PX * 3);
    for (let x = 0; x < TILE_SIZE_PX; x += 1) {
      const [r, g, b] = x < 2 || y < 2 ? line : ground;
      row.set([r ?? 0, g ?? 0, b ?? 0], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_SIZE_PX, 0);
  header.writeUInt32BE(TILE_SIZE_PX, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

export type TileServer = { served: () => number; close: () => Promise<void> };

const TILE_PATH = /^\/tiles\/\d+\/\d+\/\d+\.png$/;

export const startTileServer = async (port: number): Promise<TileServer> => {
  const png = tilePng();
  let served = 0;
  const server = http.createServer((request, response) => {
    if (!TILE_PATH.test(request.url ?? '')) {
      response.writeHead(404).end();
      return;
    }
    served += 1;
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' }).end(png);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    served: () => served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
