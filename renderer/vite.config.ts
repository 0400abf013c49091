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
  },
  server: {
    port: 7810,
    proxy: { '/api': `http://127.0.0.1:${process.env.FACET_API_PORT ?? 7801}` },
  },
});
