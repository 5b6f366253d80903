import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ConfirmDialog } from '@/features/admin/ui/ConfirmDialog';

function Page() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Supprimer Awa
      </button>
      <ConfirmDialog
        open={open}
        title="Supprimer Awa ?"
        message="Awa ira dans la corbeille."
        confirmLabel="Supprimer"
        onConfirm={vi.fn()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

describe('ConfirmDialog keeps the keyboard inside while open', () => {
  it('goes round its buttons with Tab and Shift+Tab, and gives the focus back on Escape', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Supprimer Awa' });
    await user.click(opener);

    const cancel = screen.getByRole('button', { name: 'Annuler' });
    const confirm = screen.getByRole('button', { name: 'Supprimer' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab(); // from the last: back to the first, not out to the page
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true }); // from the first: round to the last
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });
});
