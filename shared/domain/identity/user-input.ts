/** The user resource (`/users`) and the bodies that write it (zod; also the source of the OpenAPI schemas). */
import * as z from 'zod';
import { pagingQuerySchema } from '../paging.js';

/** Usernames: what login forms and URLs carry safely; unique per realm, compared case-insensitively. */
export const usernameSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'may contain only letters, digits and . _ @ -');

export const passwordSchema = z
  .string()
  .min(8, 'must be at least 8 characters')
  .max(256, 'must be at most 256 characters');

export const emailSchema = z.email('must be an email address').max(254, 'must be at most 254 characters');

/** `POST /users` */
export const userCreateSchema = z
  .strictObject({ username: usernameSchema, password: passwordSchema, email: emailSchema })
  .meta({ id: 'UserCreate' });

/** `PUT /users/{userId}`: a full replacement; leaving out `password` keeps it. Read-only fields may be echoed back. */
export const userReplaceSchema = z
  .strictObject({
    username: usernameSchema,
    password: passwordSchema.optional(),
    email: emailSchema,
    version: z.number().int().min(1).optional(),
    id: z.string().optional(),
    roles: z.array(z.string()).optional(),
    createdAt: z.string().optional(),
    updatedAt: z.string().optional(),
  })
  .meta({ id: 'UserReplace' });

export const userSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: z.number().int(),
  })
  .meta({ id: 'User' });

export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserReplace = z.infer<typeof userReplaceSchema>;

export const userSortable = ['username', 'email', 'createdAt', 'updatedAt'] as const;
export const userListQuerySchema = pagingQuerySchema(userSortable);
export const userPathSchema = z.object({ userId: z.string().min(1).max(128) });
