import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';
import { localBackend } from './supabase/local/vite-plugin.ts';

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    plugins: [react(), tailwindcss(), localBackend()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    build: { manifest: true, sourcemap: false, target: 'es2022' },
    define: { __LOCAL_BACKEND__: JSON.stringify(!env.VITE_SUPABASE_URL) },
  };
});
