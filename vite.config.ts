import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';
import { localBackend } from './supabase/local/vite-plugin.ts';

export default defineConfig({
  // localBackend() mounts the embedded Supabase API when VITE_SUPABASE_URL is unset.
  plugins: [react(), tailwindcss(), localBackend()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { manifest: true, sourcemap: false, target: 'es2022' },
});
