import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const KEY_FILE = 'secret.key';

/**
 * Secrets kept in the database (AI providers' API keys): AES-256-GCM under a key from SECRET_KEY.
 * Outside production without SECRET_KEY a random key is generated once under DATA_DIR (the caller
 * warns); production refuses to start without SECRET_KEY (config.ts). A sealed value is
 * `v1:<iv>.<tag>.<ciphertext>` in base64url; a wrong key or a changed byte fails to open.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** `generated` tells the caller that the key is a development one written under dataDir. */
  static fromConfig(config: { SECRET_KEY?: string; dataDir: string }): {
    box: SecretBox;
    generated: boolean;
  } {
    if (config.SECRET_KEY)
      return {
        box: new SecretBox(createHash('sha256').update(config.SECRET_KEY, 'utf8').digest()),
        generated: false,
      };
    const file = path.join(config.dataDir, KEY_FILE);
    let raw: string;
    try {
      raw = fs.readFileSync(file, 'utf8').trim();
    } catch {
      fs.mkdirSync(config.dataDir, { recursive: true });
      raw = randomBytes(32).toString('base64');
      // wx: two servers starting on one data directory keep the first one's key.
      try {
        fs.writeFileSync(file, `${raw}\n`, { mode: 0o600, flag: 'wx' });
      } catch {
        raw = fs.readFileSync(file, 'utf8').trim();
      }
    }
    return { box: new SecretBox(createHash('sha256').update(raw, 'utf8').digest()), generated: true };
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string): string {
    const m = /^v1:([\w-]+)\.([\w-]+)\.([\w-]*)$/.exec(sealed);
    if (!m) throw new Error('sealed secret: unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(m[1], 'base64url'));
    decipher.setAuthTag(Buffer.from(m[2], 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(m[3], 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
