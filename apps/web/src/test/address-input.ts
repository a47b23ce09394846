import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Address } from '@shop/shared/address';
import { anAddress } from './commerce-fixtures';

/** Types the place of an address into the open address form; name, email and phone come from the profile. */
export async function typePlace(a: Address = anAddress()): Promise<void> {
  await userEvent.type(screen.getByLabelText('Street address'), a.street);
  await userEvent.type(screen.getByLabelText('City'), a.city);
  await userEvent.selectOptions(screen.getByLabelText('State'), a.state);
  await userEvent.type(screen.getByLabelText('PIN Code'), a.pinCode);
}
