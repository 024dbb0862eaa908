import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react()],
  base: '/',
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  // The manifest (dist/.vite, never served: dot directory) lets bench/web/size.ts follow a page's imports.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 2000, manifest: true },
  // The server renderer (`vite build --ssr`) carries its dependencies: the server imports one file,
  // whatever the package layout (antd's extensionless subpaths would not resolve in Node's ESM loader).
  ssr: { noExternal: true },
  // Bundled libraries read process.env.NODE_ENV at run time on the server, where the test server
  // and `npm start` do not run in production: antd then writes its development class names
  // (css-dev-only-…) and every hydration fails against the production client. Fixed at build time
  // to the build's mode, as in the client bundle.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify(mode) } : undefined,
}));
