import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@shop/shared/page-routes';
import { paths } from '../config/paths';
import { routes } from './router';

describe('the router', () => {
  it('has a page for every path the server answers with 200, and no other but the not-found page', () => {
    const pages = routes.filter((r) => r.path !== '*' && r.path !== paths.notFound);
    const key = (r: { path?: string; caseSensitive?: boolean }) => `${r.path}${r.caseSensitive ? ' (exact case)' : ''}`;
    expect(pages.map(key).sort()).toEqual(PAGE_ROUTES.map(key).sort());
  });
});
