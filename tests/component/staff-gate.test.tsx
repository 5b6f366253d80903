import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStaffGate } from '@/components/staff/use-staff-gate';
import type { StaffRole } from '@/data/shared/staff-role';

/**
 * The one gate of the door's and the jury's pages (src/components/staff/use-staff-gate.ts): the
 * kept session's role decides between the page and its sign-in.
 */
type Staff = { email: string; role: StaffRole | null };
const REFUSAL = 'Ce compte n’a pas accès au contrôle des entrées.';
const gate = (getStaff: () => Promise<Staff | null>) => ({
  getStaff,
  roles: ['controle', 'admin'] as const,
  refusal: REFUSAL,
});
const staff = (role: StaffRole | null): Staff => ({ email: 'porte@example.cm', role });

describe('useStaffGate', () => {
  it('waits for the kept session, then opens the page to a role it takes', async () => {
    let answer!: (s: Staff) => void;
    const g = gate(() => new Promise((resolve) => (answer = resolve)));
    const { result } = renderHook(() => useStaffGate(g));
    expect(result.current.state).toEqual({ step: 'loading' });
    await act(async () => answer(staff('controle')));
    expect(result.current.state).toEqual({
      step: 'open',
      staff: staff('controle'),
      signedInNow: false,
    });
  });

  it.each([
    ['no session', null, { step: 'sign-in' }],
    ['a role the page does not take', staff('jury'), { step: 'sign-in', notice: REFUSAL }],
    ['a session without a role', staff(null), { step: 'sign-in', notice: REFUSAL }],
  ])('shows the sign-in for %s', async (_, kept, expected) => {
    const g = gate(async () => kept);
    const { result } = renderHook(() => useStaffGate(g));
    await waitFor(() => expect(result.current.state).toEqual(expected));
  });

  it('shows the sign-in when the session cannot be asked (no network)', async () => {
    const g = gate(() => Promise.reject(new Error('Failed to fetch')));
    const { result } = renderHook(() => useStaffGate(g));
    await waitFor(() => expect(result.current.state).toEqual({ step: 'sign-in' }));
  });

  it('opens at a sign-in made now, and goes back to the sign-in with the reason at sign-out', async () => {
    const g = gate(async () => null);
    const { result } = renderHook(() => useStaffGate(g));
    await waitFor(() => expect(result.current.state.step).toBe('sign-in'));
    act(() => result.current.signedIn(staff('admin')));
    expect(result.current.state).toEqual({
      step: 'open',
      staff: staff('admin'),
      signedInNow: true,
    });
    act(() => result.current.signedOut('Votre session a expiré.'));
    expect(result.current.state).toEqual({
      step: 'sign-in',
      notice: 'Votre session a expiré.',
    });
  });

  it('asks for the session once, not at each render', async () => {
    const getStaff = vi.fn(async () => staff('controle'));
    const g = gate(getStaff);
    const { result, rerender, unmount } = renderHook(() => useStaffGate(g));
    await waitFor(() => expect(result.current.state.step).toBe('open'));
    rerender();
    expect(getStaff).toHaveBeenCalledTimes(1);
    unmount();
  });
});
