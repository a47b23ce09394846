import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ModalForm } from './modal-form';

function Asker({ onSubmit, refusal }: { onSubmit: (name: string) => void; refusal?: string | null }) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('');
  return (
    <ModalForm
      open={open}
      onClose={() => setOpen(false)}
      title="Rename the shop?"
      cancelLabel="Go back"
      confirmLabel="Rename"
      onSubmit={() => onSubmit(name)}
      refusal={refusal}
    >
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} />
      </label>
    </ModalForm>
  );
}

describe('the modal form', () => {
  it('submits on Enter in a field as the confirm button does, and only then', async () => {
    const onSubmit = vi.fn();
    render(<Asker onSubmit={onSubmit} />);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Rename the shop?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Nalli{Enter}');
    expect(onSubmit).toHaveBeenCalledWith('Nalli');
    await user.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(onSubmit.mock.calls).toEqual([['Nalli'], ['Nalli']]);
    await user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('shows the server’s refusal as an alert under the fields, and nothing without one', async () => {
    const { rerender } = render(<Asker onSubmit={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    rerender(<Asker onSubmit={() => undefined} refusal="The name is taken" />);
    expect(within(dialog).getByRole('alert').textContent).toBe('The name is taken');
  });
});
