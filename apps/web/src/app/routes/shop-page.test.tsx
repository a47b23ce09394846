import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShopPage } from '@shop/shared/pages';
import { fakeApi } from '../../test/fake-api';
import { renderPage } from '../../test/render-page';
import ShopPagePage from './shop-page';

const page = (slug: ShopPage['slug'], title: string, html: string): ShopPage => ({ slug, title, summary: `${title} in short.`, markdown: '', html, updatedAt: null });
const settings = {
  legalName: 'Saree Pari Retail LLP',
  address: '12 Linking Road, Bandra West, Mumbai 400050',
  state: 'Maharashtra',
  gstin: '',
  grievanceName: 'Meera Iyer',
  grievanceEmail: 'grievance@sareepari.example',
  supportPhone: '+91 98200 12345',
  supportEmail: 'hello@sareepari.example',
};

const renderAt = (path: string) => renderPage(<ShopPagePage />, { path, url: path, elsewhere: ['/404'] });

afterEach(() => vi.unstubAllGlobals());

describe('a shop page', () => {
  it('shows the title, the summary and the server’s HTML, and marks itself in the list of pages', async () => {
    fakeApi({ 'GET /pages/returns': { body: page('returns', 'Returns & Exchanges', '<h2>The window</h2><p>Within <strong>7 days</strong>.</p>') }, 'GET /settings': { body: settings } });
    renderAt('/returns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns & Exchanges' })).toBeTruthy();
    expect(screen.getByText('Returns & Exchanges in short.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'The window' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Help and policies' });
    expect(within(nav).getByRole('link', { name: 'Returns & Exchanges' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getAllByRole('link')).toHaveLength(8);
    // Only the contact page names the grievance officer.
    expect(screen.queryByRole('region', { name: 'Grievance Officer' })).toBeNull();
  });

  it('names the grievance officer and customer care from the shop settings on /contact', async () => {
    fakeApi({ 'GET /pages/contact': { body: page('contact', 'Contact Us', '<p>We are here to help.</p>') }, 'GET /settings': { body: settings } });
    renderAt('/contact');
    const officer = await screen.findByRole('region', { name: 'Grievance Officer' });
    expect(within(officer).getByText('Meera Iyer')).toBeTruthy();
    expect(within(officer).getByRole('link', { name: 'grievance@sareepari.example' }).getAttribute('href')).toBe('mailto:grievance@sareepari.example');
    const care = screen.getByRole('region', { name: 'Customer care' });
    expect(within(care).getByRole('link', { name: '+91 98200 12345' }).getAttribute('href')).toBe('tel:+919820012345');
    expect(care.textContent).toContain('Saree Pari Retail LLP');
  });

  it('goes to /404 when the page cannot be found', async () => {
    fakeApi({ 'GET /settings': { body: settings } });
    renderAt('/about');
    expect(await screen.findByRole('heading', { name: 'Page at /404' })).toBeTruthy();
  });
});
