/** Shared JSON schema pieces for route definitions. */
export const messageSchema = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

export const errorResponses = {
  400: {
    type: 'object',
    properties: {
      message: { type: 'string' },
      errors: {
        type: 'array',
        items: {
          type: 'object',
          properties: { field: { type: 'string' }, line: { type: 'integer' }, message: { type: 'string' } },
        },
      },
    },
  },
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  429: messageSchema,
} as const;

export const idParams = {
  type: 'object',
  properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 } },
  required: ['id'],
  additionalProperties: false,
} as const;

export const isoDateSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

export const tokenSchema = {
  type: 'object',
  properties: { token: { type: 'string' } },
  required: ['token'],
} as const;

export const emailSchema = { type: 'string', minLength: 3, maxLength: 254, format: 'email' } as const;
