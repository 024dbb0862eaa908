import path from 'node:path';
import { createRequire } from 'node:module';

/**
 * The bundled CJK font (Noto Sans SC, SIL OFL 1.1) as shipped by @expo-google-fonts/noto-sans-sc:
 * static TrueType files, which resvg can read (it cannot read the WOFF2 of other packages).
 * Node only: the web bundle never imports this file.
 */
const require = createRequire(import.meta.url);
const dir = path.dirname(require.resolve('@expo-google-fonts/noto-sans-sc/package.json'));

export const FONT_FAMILY_NAME = 'Noto Sans SC';
export const FONT_FILES = {
  regular: path.join(dir, '400Regular', 'NotoSansSC_400Regular.ttf'),
  bold: path.join(dir, '700Bold', 'NotoSansSC_700Bold.ttf'),
} as const;
