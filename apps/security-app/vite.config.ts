import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The reference security app, served by the API under /security-app/ (ADR 0007). */
export default defineConfig({
  base: '/security-app/',
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
