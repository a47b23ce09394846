import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusTimeline } from './status-timeline';

const placed = { from: null, to: 'pending' as const, at: '2026-11-20T05:30:00.000Z' };
const dispatched = { from: 'pending' as const, to: 'dispatched' as const, at: '2026-11-21T06:00:00.000Z' };

describe('StatusTimeline', () => {
  it('shows each step oldest first, and who made it when the events name anyone (the admin’s view)', () => {
    render(
      <StatusTimeline
        events={[
          { ...placed, by: { id: 3, name: 'Asha Rao', role: 'user' } },
          { ...dispatched, by: { id: 1, name: 'Meera Admin', role: 'admin' } },
          { from: 'dispatched', to: 'cancelled', at: '2026-11-22T06:00:00.000Z', by: null },
        ]}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Placed · Pending.*Placed by Asha Rao$/),
      expect.stringMatching(/^Pending → Dispatched.*By Meera Admin$/),
      expect.stringMatching(/^Dispatched → Cancelled.*By the shop \(automatic\)$/),
    ]);
  });

  it('shows the reason of a shopper’s own cancel: to the shopper as theirs, to the admin with their name', () => {
    const cancel = { from: 'pending' as const, to: 'cancelled' as const, at: '2026-11-22T06:00:00.000Z', reason: 'too_late' as const };
    render(<StatusTimeline events={[placed, cancel]} />);
    expect(screen.getAllByRole('listitem')[1]!.textContent).toMatch(
      /^Pending → Cancelled.*By youReason: It would arrive too late for me$/,
    );
    render(<StatusTimeline events={[{ ...cancel, by: { id: 3, name: 'Asha Rao', role: 'user' } }]} />);
    expect(screen.getAllByRole('listitem')[2]!.textContent).toMatch(/By the shopper, Asha RaoReason: It would arrive too late for me$/);
  });

  it('names nobody for a shopper, whose events carry no one', () => {
    render(<StatusTimeline events={[placed, dispatched]} />);
    expect(screen.getByRole('list', { name: 'Status history' }).textContent).not.toMatch(/By /);
  });

  it('names a step within one status by its stage, a finer one beside the status, and a reopening’s reason', () => {
    render(
      <StatusTimeline
        events={[
          placed,
          { from: 'pending', to: 'pending', stage: 'packed', at: '2026-11-20T08:00:00.000Z' },
          { ...dispatched, stage: 'shipped' },
          { from: 'dispatched', to: 'cancelled', stage: 'rto', at: '2026-11-25T06:00:00.000Z' },
          { from: 'cancelled', to: 'pending', stage: 'pending', at: '2026-11-26T06:00:00.000Z', note: 'The shopper paid the courier again' },
        ]}
      />,
    );
    const steps = within(screen.getByRole('list', { name: 'Status history' })).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('p')?.textContent)).toEqual([
      'Placed · Pending',
      'Packed',
      'Pending → Dispatched',
      'Dispatched → Cancelled · Returned to us',
      'Cancelled → Pending',
    ]);
    expect(steps[4]!.textContent).toContain('Reopened: The shopper paid the courier again');
  });
});
