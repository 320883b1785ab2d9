import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Run from the repository root: `vite build --config web/vite.config.ts`. The root is this folder
// so index.html and public/ resolve here; the Worker serves web/dist as its static assets.
const root = fileURLToPath(new URL('.', import.meta.url))
const api = 'http://localhost:8787'

export default defineConfig({
  root,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/media': { target: api, changeOrigin: false },
    },
  },
})
