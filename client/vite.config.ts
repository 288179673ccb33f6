import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// API_TARGET lets a developer point the dev server at another server instance (default: the one of the README).
const target = process.env.API_TARGET ?? 'http://127.0.0.1:3000';
const proxy = Object.fromEntries(['/api', '/media', '/health', '/documentation'].map((path) => [path, { target, changeOrigin: false }]));

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', manifest: true, sourcemap: false },
  server: { proxy },
  preview: { proxy },
});
