import { describe, expect, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { buildOpenApiDocument } from './openapi.ts';
import { defineRoutes } from './http/route.ts';
import { allRoutes } from './index.ts';

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Record<string, any>>>;
  components: { schemas: Record<string, any>; securitySchemes: Record<string, any> };
};

describe('buildOpenApiDocument', () => {
  const doc = buildOpenApiDocument() as Doc;

  it('describes every public route of the contracts in OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p).map((o) => o.operationId));
    expect(new Set(operations).size).toBe(operations.length);
    expect(operations.sort()).toEqual(
      allRoutes
        .filter((r) => r.access.kind !== 'internal')
        .map((r) => r.operationId)
        .sort(),
    );
  });

  it('turns :params into {params} with path parameters', () => {
    const op = doc.paths['/api/v1/identity/users/{id}/permissions']!.get!;
    expect(op.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { format: 'uuid', type: 'string' } },
    ]);
    expect(op.security).toEqual([{ bearerAuth: [] }]);
    expect(op.responses['401'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });

  it('shares $id schemas as components, with no $id left inline and no symbol keys', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toContain('"$id"');
    expect(doc.components.schemas.Session.properties.user).toEqual({ $ref: '#/components/schemas/Me' });
    expect(doc.components.schemas.ErrorBody.properties.error.properties.details).toBeDefined();
    for (const match of text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)) {
      expect(doc.components.schemas[match[1]!], match[1]).toBeDefined();
    }
  });

  it('marks operator and permission routes and skips internal ones', () => {
    const routes = defineRoutes('demo', {
      op: {
        method: 'POST',
        path: '/api/v1/demo/op',
        summary: 'x',
        access: { kind: 'operator' },
        response: { 201: Type.Object({}) },
      },
      admin: {
        method: 'GET',
        path: '/api/v1/demo/admin',
        summary: 'y',
        access: { kind: 'permission', anyOf: ['system_admin'] },
        querystring: Type.Object({ limit: Type.Optional(Type.Integer()), q: Type.String() }),
        response: { 200: Type.Object({}) },
      },
      gone: {
        method: 'DELETE',
        path: '/api/v1/demo/x',
        summary: 'z',
        access: { kind: 'public' },
        response: { 204: Type.Null() },
      },
      hidden: {
        method: 'GET',
        path: '/api/v1/demo/internal',
        summary: 'w',
        access: { kind: 'internal' },
        response: { 200: Type.Object({}) },
      },
    });
    const demo = buildOpenApiDocument(Object.values(routes)) as Doc;
    expect(demo.paths['/api/v1/demo/op']!.post!.security).toEqual([{ operatorKey: [] }]);
    expect(demo.paths['/api/v1/demo/admin']!.get!['x-mer-permissions']).toEqual(['system_admin']);
    expect(demo.paths['/api/v1/demo/admin']!.get!.parameters.map((p: any) => [p.name, p.required])).toEqual([
      ['limit', false],
      ['q', true],
    ]);
    expect(demo.paths['/api/v1/demo/x']!.delete!.responses['204']).toEqual({ description: 'No content' });
    expect(demo.paths['/api/v1/demo/internal']).toBeUndefined();
  });

  it('refuses two different schemas under one $id', () => {
    const a = Type.Object({ a: Type.String() }, { $id: 'Same' });
    const b = Type.Object({ b: Type.String() }, { $id: 'Same' });
    const routes = defineRoutes('demo', {
      one: {
        method: 'GET',
        path: '/api/v1/demo/one',
        summary: '',
        access: { kind: 'public' },
        response: { 200: a },
      },
      two: {
        method: 'GET',
        path: '/api/v1/demo/two',
        summary: '',
        access: { kind: 'public' },
        response: { 200: b },
      },
    });
    expect(() => buildOpenApiDocument(Object.values(routes))).toThrow(/Same/);
  });
});
