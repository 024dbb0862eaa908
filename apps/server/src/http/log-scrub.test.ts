import { describe, expect, it } from 'vitest';
import { secretScrubber } from './log-scrub.ts';

describe('secretScrubber', () => {
  const scrub = secretScrubber(['configured-secret-value']);

  it('leaves a line with nothing secret-shaped as it is (the per-call line)', () => {
    const line =
      '{"level":30,"reqId":"c8b3f5e2-1b1a-4a8e-9d7e-2f1a3b4c5d6e","method":"GET","path":"/api/health","status":200,"ms":1,"msg":"request"}\n';
    expect(scrub(line)).toBe(line);
  });

  it('still masks every shape the pretest lets through', () => {
    expect(scrub('GET /x?password=hunter2&a=1')).toBe('GET /x?password=***&a=1');
    expect(scrub('{"Authorization":"Basic abc"}')).toBe('{"Authorization":"***"}');
    expect(scrub('{"newPassword":"p4ss"}')).toBe('{"newPassword":"***"}');
    expect(scrub('header Bearer abcdefgh12345')).toBe('header Bearer ***');
    expect(scrub('key sk-abcdefgh12345 leaked')).toBe('key sk-*** leaked');
    expect(scrub('{"msg":"configured-secret-value"}')).toBe('{"msg":"***"}');
  });
});
