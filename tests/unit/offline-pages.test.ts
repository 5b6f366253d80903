/**
 * What the offline worker keeps (build/offline-pages.ts): the shell, the entry, the app and the site's
 * stylesheet, the jury's and the door's chunks with what they import, the Supabase client their
 * shared data module loads on first use; never another page, nor a page's own lazy part unless
 * asked.
 */
import { describe, expect, it } from 'vitest';
import { offlineFiles } from '../../build/offline-pages';

const JURY = { module: 'src/features/jury/JuryPage.tsx' };
const DOOR = { module: 'src/features/door/DoorPage.tsx' };

const manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_runtime-1.js'],
    dynamicImports: ['src/features/home/HomeContent.tsx', 'src/app/start.tsx'],
  },
  // The app, router included, imported by the entry on every page but home (ADR 060).
  'src/app/start.tsx': {
    file: 'assets/start-1.js',
    imports: ['index.html', '_router-1.js'],
    dynamicImports: [
      'src/features/jury/JuryPage.tsx',
      'src/features/door/DoorPage.tsx',
      'src/features/admin/dashboard/DashboardPage.tsx',
    ],
  },
  '_router-1.js': { file: 'assets/router-1.js' },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  'src/styles.css': { file: 'assets/styles-1.css', isEntry: true },
  'src/features/home/HomeContent.tsx': { file: 'assets/HomeContent-1.js' },
  'src/features/admin/dashboard/DashboardPage.tsx': {
    file: 'assets/DashboardPage-1.js',
    imports: ['_supabase-1.js'],
  },
  'src/features/jury/JuryPage.tsx': {
    file: 'assets/JuryPage-1.js',
    imports: ['_runtime-1.js', 'index.html', '_supabase-1.js', '_Button-1.js'],
  },
  'src/features/door/DoorPage.tsx': {
    file: 'assets/DoorPage-1.js',
    imports: ['_supabase-1.js', '_Button-1.js'],
    dynamicImports: ['src/features/door/camera/CameraScanner.tsx'],
  },
  'src/features/door/camera/CameraScanner.tsx': { file: 'assets/CameraScanner-1.js' },
  '_supabase-1.js': {
    file: 'assets/supabase-1.js',
    dynamicImports: ['node_modules/@supabase/supabase-js/dist/index.mjs'],
  },
  'node_modules/@supabase/supabase-js/dist/index.mjs': { file: 'assets/dist-1.js' },
  '_Button-1.js': { file: 'assets/Button-1.js', css: ['assets/Button-1.css'] },
};

describe('the offline worker’s files', () => {
  it('keeps the shell, the entry, the app, the two pages and the Supabase client, nothing else', () => {
    expect(offlineFiles(manifest, [JURY, DOOR])).toEqual([
      '200.html',
      'assets/Button-1.css',
      'assets/Button-1.js',
      'assets/DoorPage-1.js',
      'assets/JuryPage-1.js',
      'assets/dist-1.js',
      'assets/index-1.js',
      'assets/router-1.js',
      'assets/runtime-1.js',
      'assets/start-1.js',
      'assets/styles-1.css',
      'assets/supabase-1.js',
    ]);
  });

  it('keeps a page’s own lazy parts only when asked', () => {
    const files = offlineFiles(manifest, [{ ...DOOR, dynamic: true }]);
    expect(files).toContain('assets/CameraScanner-1.js');
    expect(files).not.toContain('assets/JuryPage-1.js');
  });

  it('refuses a page that is not a chunk of the build', () => {
    expect(() => offlineFiles(manifest, [JURY, { module: 'src/x.tsx' }])).toThrow(
      'offlinePages: src/x.tsx is not a chunk of the build.',
    );
  });
});
