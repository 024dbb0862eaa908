/** Child entry for child-sandbox.test.ts: misbehaves on request. */
const kept: Buffer[] = [];

export async function handle(p: { op: 'echo' | 'hog' | 'spin' | 'throw' | 'exit'; value?: unknown }): Promise<unknown> {
  switch (p.op) {
    case 'echo':
      return { value: p.value, pid: process.pid };
    case 'hog':
      // Memory outside the JS heap (like inflated streams or a native renderer's canvas).
      for (;;) {
        const b = Buffer.allocUnsafe(32 * 1024 * 1024);
        b.fill(1);
        kept.push(b);
        await new Promise((r) => setTimeout(r, 5));
      }
    case 'spin':
      for (;;) {
        /* a parser stuck in a loop */
      }
    case 'throw':
      throw Object.assign(new Error('refused'), { code: 'bad-input' });
    case 'exit':
      process.exit(3);
  }
}
