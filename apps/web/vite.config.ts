import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  base: '/',
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  // The manifest (dist/.vite, never served: dot directory) lets bench/web/size.ts follow a page's imports.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000, manifest: true },
  // The server renderer (`vite build --ssr`) carries its dependencies: the server imports one file,
  // whatever the package layout (antd's extensionless subpaths would not resolve in Node's ESM loader).
  ssr: { noExternal: true },
});
