import { existsSync } from 'node:fs';

/** Debian's Chromium (or CHROMIUM_PATH); Playwright's own browser download is not available here. */
export function chromiumPath() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  );
  return candidates.find((p) => existsSync(p)) ?? null;
}
