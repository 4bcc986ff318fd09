/** The user resource (`/users`) and the bodies that write it (zod; also the source of the OpenAPI schemas). */
import * as z from 'zod/mini';
import { idSchema } from '../ids.js';
import { pagingQuerySchema } from '../paging.js';

/** Usernames: what login forms and URLs carry safely; unique per realm, compared case-insensitively. */
export const usernameSchema = z
  .string()
  .check(
    z.minLength(1, 'must not be empty'),
    z.maxLength(64, 'must be at most 64 characters'),
    z.regex(/^[A-Za-z0-9._@-]+$/, 'may contain only letters, digits and . _ @ -'),
  );

export const passwordSchema = z
  .string()
  .check(z.minLength(8, 'must be at least 8 characters'), z.maxLength(256, 'must be at most 256 characters'));

export const emailSchema = z.email('must be an email address').check(z.maxLength(254, 'must be at most 254 characters'));

/** `POST /users` */
export const userCreateSchema = z
  .strictObject({ username: usernameSchema, password: passwordSchema, email: emailSchema })
  .register(z.globalRegistry, { id: 'UserCreate' });

/** `PUT /users/{userId}`: a full replacement; leaving out `password` keeps it. Read-only fields may be echoed back. */
export const userReplaceSchema = z
  .strictObject({
    username: usernameSchema,
    password: z.optional(passwordSchema),
    email: emailSchema,
    version: z.optional(z.number().check(z.int(), z.minimum(1))),
    id: z.optional(z.string()),
    roles: z.optional(z.array(z.string())),
    createdAt: z.optional(z.string()),
    updatedAt: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'UserReplace' });

export const userSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    version: z.number().check(z.int()),
  })
  .register(z.globalRegistry, { id: 'User' });

export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserReplace = z.infer<typeof userReplaceSchema>;

export const userSortable = ['username', 'email', 'createdAt', 'updatedAt'] as const;
export const userListQuerySchema = pagingQuerySchema(userSortable);
export const userPathSchema = z.object({ userId: idSchema });
