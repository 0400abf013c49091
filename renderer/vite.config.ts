import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The console is served by the API server from the same origin, so every URL is relative.
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      output: {
        // zod with its configuration in one chunk, which every chunk using zod loads first: the
        // shared schemas parse while their chunk loads, and must find zod already jitless
        // (src/zod-config.ts).
        manualChunks: (id) =>
          id.includes('/node_modules/zod/') || id.endsWith('/src/zod-config.ts') ? 'zod' : undefined,
      },
    },
  },
  server: {
    port: 7810,
    proxy: { '/api': `http://127.0.0.1:${process.env.FACET_API_PORT ?? 7801}` },
  },
});
