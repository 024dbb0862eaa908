import { describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { cleanName } from '@bid/shared';
import { sendFile } from './route.ts';

/** A reply that keeps the headers it is given. */
function recordingReply(): { reply: FastifyReply; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const reply = {
    header(k: string, v: string) {
      headers[k] = v;
      return reply;
    },
    send() {
      return reply;
    },
  };
  return { reply: reply as unknown as FastifyReply, headers };
}

describe('download file names (issue 30, finding 9)', () => {
  it('lose bidi and control characters, whatever the stored name holds', () => {
    const { reply, headers } = recordingReply();
    sendFile(
      reply,
      { file: Buffer.from('x'), fileName: '标书\u202Excod.exe\u0000\u0007.docx' },
      'x/y',
      'bid.docx',
    );
    const disposition = headers['content-disposition'];
    expect(disposition).not.toMatch(/%E2%80%AE|%00|%07/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1])).toBe('标书xcod.exe.docx');
  });

  it('fall back to the plain name when nothing is left', () => {
    const { reply, headers } = recordingReply();
    sendFile(reply, { file: Buffer.from('x'), fileName: '\u202E\u0001' }, 'x/y', 'bid.docx');
    expect(headers['content-disposition']).toContain("filename*=UTF-8''bid.docx");
  });

  it('cleanName keeps real right-to-left letters and drops only the formatting controls', () => {
    expect(cleanName('عربي\u200F\u2066name\u2069\t')).toBe('عربيname');
  });
});
