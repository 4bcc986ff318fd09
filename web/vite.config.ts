/**
 * The web app's build: served by the service under /app (functions/app/files.ts). Preact's JSX
 * runtime through esbuild's automatic transform, so no framework plugin is needed.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/app/',
  // The examples are read from the repository's examples/ folder, one level up.
  server: { fs: { allow: ['..'] } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    // The budget is on the compressed size (npm run bench -- app); one file of about 400 KB is expected.
    chunkSizeWarningLimit: 500,
  },
});
