import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The server-rendering build (decision 048): entry-server.tsx with everything it imports, one self-contained ES
 * module folder the server loads (`dist-ssr/`, beside the browser's `dist/`, which the service worker precaches).
 */
export default defineConfig({
  plugins: [react()],
  ssr: { noExternal: true },
  build: { target: 'node20', outDir: 'dist-ssr', ssr: 'src/entry-server.tsx', emptyOutDir: true, copyPublicDir: false },
});
