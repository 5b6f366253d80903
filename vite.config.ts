import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath, URL } from 'node:url';
import { localBackend } from './supabase/local/vite-plugin.ts';

/**
 * Link previews want absolute URLs: with VITE_SITE_URL set (the deployed origin), the preview
 * image becomes absolute and og:url is added. Without it they stay root-relative.
 */
function absoluteLinkPreviews(siteUrl: string | undefined): Plugin {
  return {
    name: 'booster-absolute-link-previews',
    transformIndexHtml(html) {
      if (!siteUrl) return html;
      const origin = siteUrl.replace(/\/+$/, '');
      return html
        .replaceAll('content="/og-image.png"', `content="${origin}/og-image.png"`)
        .replace(
          '<meta property="og:type"',
          `<meta property="og:url" content="${origin}/" />\n    <meta property="og:type"`,
        );
    },
  };
}

export default defineConfig(({ mode }) => ({
  // localBackend() mounts the embedded Supabase API when VITE_SUPABASE_URL is unset.
  plugins: [
    react(),
    tailwindcss(),
    localBackend(),
    absoluteLinkPreviews(loadEnv(mode, process.cwd(), 'VITE_').VITE_SITE_URL),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { manifest: true, sourcemap: false, target: 'es2022' },
}));
