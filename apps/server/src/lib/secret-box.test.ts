import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'secret-box-'));

  it('seals with a fresh IV each time and opens only under the same key', () => {
    const { box } = SecretBox.fromConfig({ SECRET_KEY: 'a-long-production-secret', dataDir: dataDir() });
    const a = box.seal('sk-live-1234abcd');
    const b = box.seal('sk-live-1234abcd');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-live');
    expect(box.open(a)).toBe('sk-live-1234abcd');
    const other = SecretBox.fromConfig({ SECRET_KEY: 'another-secret-entirely', dataDir: dataDir() }).box;
    expect(() => other.open(a)).toThrow();
    const tampered = a.slice(0, -2) + (a.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
  });

  it('without SECRET_KEY generates one key file under the data directory and reuses it', () => {
    const dir = dataDir();
    const first = SecretBox.fromConfig({ dataDir: dir });
    expect(first.generated).toBe(true);
    expect((fs.statSync(path.join(dir, 'secret.key')).mode & 0o777).toString(8)).toBe('600');
    const sealed = first.box.seal('key');
    expect(SecretBox.fromConfig({ dataDir: dir }).box.open(sealed)).toBe('key');
  });
});
