import { REGIONS } from '@/config/edition';

/** The 10 regions as <option>s (the database accepts exactly these), for every region select. */
export function RegionOptions() {
  return (
    <>
      {REGIONS.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </>
  );
}
