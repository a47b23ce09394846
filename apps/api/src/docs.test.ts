import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface OpenApi {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> } }>>;
}

describe('the API documentation', () => {
  it('serves the interactive docs at /api/docs', async () => {
    let res = await t.app.inject('/api/docs');
    if (res.statusCode === 302) res = await t.app.inject(String(res.headers.location).replace(/^\.\//, '/api/docs/'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('swagger');
  });

  it('serves an OpenAPI 3 document at /api/docs/json describing the catalogue routes and their inputs', async () => {
    const res = await t.app.inject('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<OpenApi>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/api/products', '/api/products/suggest', '/api/products/{id}', '/api/brands', '/api/category', '/api/uploads']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    const listParams = doc.paths['/api/products']!.get!.parameters!.map((p) => p.name);
    expect(listParams).toEqual(expect.arrayContaining(['category', 'brand', 'search', '_sort', '_order', '_page', '_per_page', 'admin']));
    const create = doc.paths['/api/products']!.post!.requestBody!.content['application/json']!.schema;
    expect(Object.keys(create.properties ?? {})).toEqual(
      expect.arrayContaining(['title', 'description', 'brand', 'category', 'price', 'discountPercentage', 'stock', 'highlights', 'thumbnail', 'images', 'colors', 'sizes']),
    );
    expect(doc.paths['/api/products/{id}']!.patch).toBeDefined();
    expect(doc.paths['/api/brands']!.post!.requestBody).toBeDefined();
  });
});
