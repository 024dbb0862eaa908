import { describe, expect, it } from 'vitest';
import { secretScrubber } from './log-scrub.ts';

describe('secretScrubber', () => {
  const scrub = secretScrubber(['configured-secret-value']);

  it('leaves a line with nothing secret-shaped as it is (the per-call line)', () => {
    const line =
      '{"level":30,"reqId":"c8b3f5e2-1b1a-4a8e-9d7e-2f1a3b4c5d6e","method":"GET","path":"/api/health","status":200,"ms":1,"msg":"request"}\n';
    expect(scrub(line)).toBe(line);
  });

  // Each secret shape the quick pretest must let through to the full scrub: [line, masked].
  const shapes: Array<[string, string]> = [
    ['GET /x?password=hunter2&a=1', 'GET /x?password=***&a=1'],
    ['{"Authorization":"Basic abc"}', '{"Authorization":"***"}'],
    ['{"newPassword":"p4ss"}', '{"newPassword":"***"}'],
    ['header Bearer abcdefgh12345', 'header Bearer ***'],
    ['key sk-abcdefgh12345 leaked', 'key sk-*** leaked'],
    ['{"msg":"configured-secret-value"}', '{"msg":"***"}'],
  ];
  it.each(shapes)('still masks %s', (line, masked) => {
    expect(scrub(line)).toBe(masked);
  });
});
