import { Type } from 'typebox';
import { search } from '../../services/search';
import { errorResponses, type RouteApp } from '../schemas';

const ref = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    article_group_id: { type: 'integer' },
    article_group_name: { type: 'string' },
  },
} as const;

const serviceRef = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    article_id: { type: 'integer' },
    article: ref,
    // A nullable object, not anyOf: the serializer then needs no validation per row.
    end_user: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, firstname: { type: 'string' }, lastname: { type: 'string' } },
    },
  },
} as const;

const text = { type: ['string', 'null'] } as const;

export default async function searchRoutes(app: RouteApp) {
  app.get(
    '/search',
    {
      schema: {
        querystring: Type.Object({ term: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) }),
        response: {
          200: {
            type: 'object',
            properties: {
              article: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { ...ref.properties, description: { type: 'string' }, sku: text },
                },
              },
              end_user: {
                type: 'array',
                items: { type: 'object', properties: { id: { type: 'integer' }, firstname: { type: 'string' }, lastname: { type: 'string' } } },
              },
              service_article_group_field_input: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    value: { type: 'string' },
                    article_group_field: { type: 'object', properties: { name: { type: 'string' } } },
                    service_id: { type: 'integer' },
                    service: serviceRef,
                  },
                },
              },
              input_field: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    service_id: { type: 'integer' },
                    end_user_id: { type: ['integer', 'null'] },
                    article: ref,
                    service: serviceRef,
                    input_field_1: text,
                    input_field_2: text,
                    input_field_3: text,
                    input_field_4: text,
                  },
                },
              },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => search(app.db, request.actor.companyId, request.query.term.trim()),
  );
}
