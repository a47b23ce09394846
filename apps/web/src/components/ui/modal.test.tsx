import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button">Elsewhere</button>
      <button type="button" onClick={() => setOpen(true)}>
        Delete address
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Delete address"
        description="Are you sure?"
        confirmLabel="Delete"
        onConfirm={() => setOpen(false)}
      />
    </>
  );
}

describe('the modal', () => {
  it.each([
    ['Cancel', () => userEvent.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['the confirm button', () => userEvent.click(screen.getByRole('button', { name: 'Delete' }))],
    ['Escape', () => userEvent.keyboard('{Escape}')],
  ])('gives focus back to the button that opened it when closed with %s', async (_how, close) => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Delete address' });
    await userEvent.click(opener);
    await screen.findByRole('dialog');
    await waitFor(() => expect(document.activeElement).not.toBe(opener));
    await close();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });
});
