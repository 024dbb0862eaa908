import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, useTestServer, clientHeaders } from './helpers/test-server.ts';
import { createUserWithSession, type TestUser } from './helpers/fixtures.ts';
import { dimensionsOf } from '../src/modules/picture/image-types.ts';
import { RASTER_CAPS, Rasterizer } from '../src/modules/picture/raster.ts';
import { rssMbOf } from '../src/lib/child-sandbox.ts';

let alice: TestUser;
const s = useTestServer();
beforeAll(async () => {
  alice = await createUserWithSession(s);
});

async function upload(bytes: Buffer, fileName: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const res = await fetch(`${s.baseUrl}/api/picture/client/upload`, {
    method: 'POST',
    headers: { ...clientHeaders(), 'blade-auth': `bearer ${alice.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The bomb: 265 bytes declaring 10950 × 10950 pixels. */
const HUGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="10950" height="10950"><rect width="10950" height="10950" fill="#1d4ed8"/></svg>';
const blurSvg = (side: number, blur: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><filter id="b"><feGaussianBlur stdDeviation="${blur}"/></filter><rect width="${side}" height="${side}" fill="#1d4ed8" filter="url(#b)"/></svg>`;

/**
 * How long the event loop was busy (running code, not waiting) while `work` ran. Not the gaps between
 * timer ticks: on a loaded machine a tick waits for a CPU whoever holds it, and a test must not time
 * the machine. A picture rasterised on the loop keeps it busy for the whole render (seconds).
 */
async function eventLoopBusy<T>(work: () => Promise<T>): Promise<{ result: T; busyMs: number }> {
  const start = performance.eventLoopUtilization();
  const result = await work();
  return { result, busyMs: performance.eventLoopUtilization(start).active };
}

describe(`image bombs (${TEST_DB})`, { timeout: 60_000 }, () => {
  it('refuses at upload an SVG declaring more pixels than the cap, and heavy or huge-region filters', async () => {
    const big = await upload(Buffer.from(HUGE_SVG), 'bomb.svg');
    expect(big.status).toBe(400);
    expect(big.body.msg).toContain('像素过大');
    for (const [svg, why] of [
      [blurSvg(400, 5000), '模糊半径过大'],
      [
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="f" x="-50000%" y="-50000%" width="100000%" height="100000%"><feFlood/></filter><rect width="9" height="9" filter="url(#f)"/></svg>',
        '区域过大',
      ],
      [
        `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="f">${'<feOffset dx="1"/>'.repeat(200)}</filter></svg>`,
        '滤镜过多',
      ],
    ] as const) {
      const r = await upload(Buffer.from(svg), 'f.svg');
      expect(r.status, svg.slice(0, 80)).toBe(400);
      expect(r.body.msg).toContain(why);
    }
    const list = await s.api.post('/picture/client/list', { current: 1, size: 50 }, { token: alice.token });
    expect(list.body.data.total).toBe(0);
  });

  it('rasterises for Word within the export caps, off the event loop, in a child whose memory is not ours', async () => {
    const raster = new Rasterizer();
    try {
      const before = rssMbOf(process.pid)!;
      // 7,000² (under the upload cap) with a blur at zoom 2 was 196 M pixels of canvas per filter pass.
      const { result, busyMs } = await eventLoopBusy(() =>
        raster.render({
          svg: Buffer.from(blurSvg(7000, 40)),
          zoom: 2,
          maxSide: RASTER_CAPS.exportMaxSide,
          maxPixels: RASTER_CAPS.exportMaxPixels,
          background: '#ffffff',
        }),
      );
      expect(Math.max(result.width, result.height)).toBeLessThanOrEqual(RASTER_CAPS.exportMaxSide);
      expect(result.width * result.height).toBeLessThanOrEqual(RASTER_CAPS.exportMaxPixels);
      expect(dimensionsOf('png', result.png)).toEqual({ width: result.width, height: result.height });
      // (Receiving and checking the PNG is the loop's part: tens of milliseconds.)
      expect(busyMs).toBeLessThan(1000);
      expect(rssMbOf(process.pid)! - before).toBeLessThan(150);
    } finally {
      await raster.close();
    }
  });

  it('gives up on a picture that takes too long or too much memory, and renders the next one', async () => {
    const raster = new Rasterizer({ timeoutMs: 400 });
    try {
      const slow = await raster
        .render({ svg: Buffer.from(blurSvg(5000, 90)), zoom: 1, maxSide: 5000, maxPixels: 25_000_000 })
        .then(
          () => 'rendered',
          (e: Error) => e.message,
        );
      expect(slow).toMatch(/timeout|memory/);
      const ok = await raster.render({
        svg: Buffer.from(blurSvg(100, 2)),
        zoom: 1,
        maxSide: 360,
        maxPixels: 360 * 360,
      });
      expect(ok.width).toBe(100);
    } finally {
      await raster.close();
    }
  });

  it('uploads a real SVG and makes its thumbnail in the child', async () => {
    const r = await upload(Buffer.from(blurSvg(1200, 3)), 'ok.svg');
    expect(r.status).toBe(200);
    const thumb = await fetch(`${s.baseUrl}${r.body.data.thumbUrl}`, {
      headers: { ...clientHeaders(), 'blade-auth': `bearer ${alice.token}` },
    });
    expect(dimensionsOf('png', Buffer.from(await thumb.arrayBuffer()))).toEqual({ width: 360, height: 360 });
  });
});
