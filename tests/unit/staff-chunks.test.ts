import { describe, expect, it } from 'vitest';
import { STAFF_CHUNK } from '../../vite.config.ts';
import { ADMIN_LAYOUT, ROUTES } from '../../src/config/route-manifest.ts';

/** The file name the build gives a page's chunk: its module's name and a hash. */
const chunkOf = (page: string) =>
  `assets/${page.replace(/^.*\//, '').replace(/\.tsx?$/, '')}-Ab1_x-Z9.js`;

// The entry names no import of a staff page: the home page's first load does not carry them
// (vite.config.ts, docs/decisions/056-room-on-the-home-page.md).
describe('the staff pages’ chunks, whose imports the entry does not name', () => {
  it('are every page of the administration, its layout, its sign-in, the door and the jury', () => {
    const staff = [
      ...Object.values(ROUTES)
        .filter((r) => r.layout === 'admin')
        .map((r) => r.page),
      ADMIN_LAYOUT,
      ROUTES.adminLogin.page,
      ROUTES.door.page,
      ROUTES.jury.page,
    ];
    expect(staff).toContain('src/features/admin/vote/VoteRoundsPage.tsx');
    for (const page of staff) expect(STAFF_CHUNK.test(chunkOf(page)), page).toBe(true);
  });

  it('leave out every public page and the stage screen', () => {
    const others = Object.values(ROUTES)
      .filter((r) => r.layout !== 'admin' && !/^src\/features\/(admin|door|jury)\//.test(r.page))
      .map((r) => r.page);
    expect(others).toContain('src/features/vote/screen/ScreenPage.tsx');
    for (const page of others) expect(STAFF_CHUNK.test(chunkOf(page)), page).toBe(false);
  });
});
